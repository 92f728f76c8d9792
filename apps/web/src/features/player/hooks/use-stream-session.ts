import type { ClipTimeline, DvrWindowStart } from '@rudy/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { attachStream, type LoadHls, type StreamSession } from '../lib/attach-stream';
import { AUTO_LEVEL, type QualityLevel } from '../lib/quality';

export interface StreamControl {
  levels: QualityLevel[];
  /** The rendition playing now (-1 until known). */
  level: number;
  /** The viewer's choice: AUTO_LEVEL or a level index. */
  chosenLevel: number;
  failed: boolean;
  chooseLevel: (index: number) => void;
  liveEdge: () => number | null;
  playingDate: () => Date | null;
  /** The player's clock on the recording near `at` (live-timeline.ts); null when unknown. */
  timelineAnchor: (at: number) => ClipTimeline | null;
  /** Live: the player's clock minus the recording's (live-timeline.ts); null when unknown. */
  recordingOffset: (windowStart: DvrWindowStart) => number | null;
  /** After the player error: build the stream again from scratch. */
  retry: () => void;
}

/**
 * Keeps `url` attached to the video. A new URL (the signed one was renewed) re-attaches and goes
 * on from where the viewer was, playing if it was playing.
 */
export function useStreamSession(
  video: HTMLVideoElement | null,
  url: string,
  load?: LoadHls,
): StreamControl {
  const session = useRef<StreamSession | null>(null);
  const [levels, setLevels] = useState<QualityLevel[]>([]);
  const [level, setLevel] = useState(-1);
  const [chosenLevel, setChosenLevel] = useState(AUTO_LEVEL);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!video) return;
    let cancelled = false;
    let attached: StreamSession | null = null;
    const resumeAt = video.currentTime;
    const wasPlaying = !video.paused;
    void attachStream(
      video,
      url,
      {
        onLevels: (next) => !cancelled && setLevels(next),
        onLevelSwitched: (index) => !cancelled && setLevel(index),
        onFatal: () => !cancelled && setFailed(true),
      },
      load,
    ).then(
      (created) => {
        if (cancelled) {
          created.destroy();
          return;
        }
        attached = created;
        session.current = created;
        // A renewed URL's new source goes on where the viewer was. Not an element that kept its
        // source (the splash's video, already playing): its next loadedmetadata would take a
        // later rewind (rewind-reset.ts) back to where the player joined.
        if (resumeAt > 0 && video.readyState === HTMLMediaElement.HAVE_NOTHING) {
          video.addEventListener(
            'loadedmetadata',
            () => {
              video.currentTime = resumeAt;
              if (wasPlaying) void video.play().catch(() => undefined);
            },
            { once: true },
          );
        }
      },
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
      attached?.destroy();
      session.current = null;
    };
  }, [video, url, load, attempt]);

  const chooseLevel = useCallback((index: number) => {
    setChosenLevel(index);
    session.current?.setLevel(index);
  }, []);

  return {
    levels,
    level,
    chosenLevel,
    failed,
    chooseLevel,
    liveEdge: () => session.current?.liveEdge() ?? null,
    playingDate: () => session.current?.playingDate() ?? null,
    timelineAnchor: (at) => session.current?.timelineAnchor(at) ?? null,
    recordingOffset: (windowStart) => session.current?.recordingOffset(windowStart) ?? null,
    retry: () => {
      setFailed(false);
      setAttempt((n) => n + 1);
    },
  };
}
