import type { StreamType } from '@rudy/contracts';
import { useEffect, useRef } from 'react';
import type { VideoMeta } from '../../../lib/analytics';
import { startVideoView } from '../../../lib/video-views';

/** What the player reports a view of: the stream, and what the game is (for the breakdowns). */
export interface VideoAnalytics {
  streamId: number;
  streamType: StreamType;
  meta?: VideoMeta | undefined;
}

const STOPS = ['pause', 'waiting', 'seeking', 'ended', 'emptied'] as const;

/**
 * One analytics view per stream the viewer is shown once the pre-roll is over: the first frame
 * with the time it took from asking to play, then viewing time while frames actually play
 * (paused, buffering and seeking do not count). A renewed URL (same stream) is the same view.
 */
export function useVideoAnalytics(
  video: HTMLVideoElement | null,
  analytics: VideoAnalytics | null,
  isPrerollDone: boolean,
) {
  // The game's details arrive after the player; heartbeats read the latest.
  const meta = useRef<VideoMeta>({});
  const latest = analytics?.meta;
  useEffect(() => {
    meta.current = latest ?? {};
  }, [latest]);
  const streamId = analytics?.streamId;
  const streamType = analytics?.streamType;

  useEffect(() => {
    if (!video || !isPrerollDone || streamId === undefined || streamType === undefined) return;
    const view = startVideoView({ streamId, streamType, meta: () => meta.current });
    const askedAt = performance.now();
    let framed = false;
    const onPlaying = () => {
      if (!framed) {
        framed = true;
        view.firstFrame(performance.now() - askedAt);
      }
      view.setPlaying(true);
    };
    const onStop = () => view.setPlaying(false);
    video.addEventListener('playing', onPlaying);
    for (const name of STOPS) video.addEventListener(name, onStop);
    if (!video.paused && video.readyState >= 3) onPlaying();
    return () => {
      video.removeEventListener('playing', onPlaying);
      for (const name of STOPS) video.removeEventListener(name, onStop);
      view.end();
    };
  }, [video, isPrerollDone, streamId, streamType]);
}
