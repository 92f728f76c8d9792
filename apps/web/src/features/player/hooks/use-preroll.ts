import type { Preroll } from '@rudy/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { reportPrerollShown } from '../api/report-preroll-shown';
import { afterPageLoad } from '../lib/after-page-load';
import { playWithFallback } from '../lib/autoplay';
import { prerollClock, type PrerollClock } from '../lib/preroll-clock';

export interface PrerollFlow {
  isDone: boolean;
  clock: PrerollClock;
  /** Whether the ad is waiting for the viewer's click (autoplay refused even muted). */
  needsClick: boolean;
  start: () => void;
  skip: () => void;
}

/**
 * The pre-roll runs first: it starts on its own (with sound when allowed, else muted), may be
 * skipped after `skippable_after_seconds`, and once it ended or was skipped the server is told
 * (exactly once) and the main video takes over. An ad that cannot load is passed over unreported.
 */
export function usePreroll(
  preroll: Preroll | null,
  eventId: number,
  video: HTMLVideoElement | null,
  onDone: () => void,
  report: typeof reportPrerollShown = reportPrerollShown,
): PrerollFlow {
  const [isDone, setDone] = useState(preroll === null);
  const [clock, setClock] = useState<PrerollClock>(() =>
    prerollClock(0, 0, preroll?.skippable_after_seconds ?? 0),
  );
  const [needsClick, setNeedsClick] = useState(false);
  const reported = useRef(false);

  const finish = useCallback(
    (shown: boolean) => {
      if (shown && preroll && !reported.current) {
        reported.current = true;
        // Not reporting only means the ad may show again; the viewer must not wait for it.
        report(preroll.id, eventId).catch(() => undefined);
      }
      setDone(true);
      onDone();
    },
    [preroll, eventId, report, onDone],
  );

  const start = useCallback(() => {
    if (!video) return;
    void playWithFallback(video).then((result) => setNeedsClick(result === 'blocked'));
  }, [video]);

  useEffect(() => {
    if (!video || !preroll || isDone) return;
    const tick = () =>
      setClock(prerollClock(video.currentTime, video.duration, preroll.skippable_after_seconds));
    const onEnded = () => finish(true);
    const onError = () => finish(false);
    video.addEventListener('timeupdate', tick);
    video.addEventListener('durationchange', tick);
    video.addEventListener('ended', onEnded);
    video.addEventListener('error', onError);
    // The ad is not fetched before this (preload="none"): it starts once the page has loaded, so
    // its megabyte does not hold up the page in front of it; the game's stream loads meanwhile.
    const cancelStart = afterPageLoad(start);
    return () => {
      cancelStart();
      video.removeEventListener('timeupdate', tick);
      video.removeEventListener('durationchange', tick);
      video.removeEventListener('ended', onEnded);
      video.removeEventListener('error', onError);
    };
  }, [video, preroll, isDone, finish, start]);

  const skip = useCallback(() => {
    if (!clock.canSkip) return;
    video?.pause();
    finish(true);
  }, [clock.canSkip, video, finish]);

  return { isDone, clock, needsClick, start, skip };
}
