import type { Preroll } from '@rudy/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { reportPrerollShown } from '../api/report-preroll-shown';
import { afterPageLoad } from '../lib/after-page-load';
import { playWithFallback } from '../lib/autoplay';
import { pauseVideo } from '../lib/media-commands';
import { prerollClock, prerollLength, sameClock, type PrerollClock } from '../lib/preroll-clock';
import { watchPreroll } from '../lib/preroll-watchdog';
import { useBrowserPauseFallback } from './use-browser-pause';

const noop = () => undefined;

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
 * No ad holds the game hostage: its countdown and Skip go by the server's length, and a watchdog
 * ends it when the browser never says it ended, or it stalls (lib/preroll-watchdog.ts).
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
    prerollClock(0, preroll?.duration_seconds ?? 0, preroll?.skippable_after_seconds ?? 0),
  );
  const [needsClick, setNeedsClick] = useState(false);
  /** Set once the ad was asked to play (after the page's load): its watchdog runs from then. */
  const [isStarting, setStarting] = useState(false);
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
    setStarting(true);
    void playWithFallback(video).then((result) => setNeedsClick(result === 'blocked'));
  }, [video]);

  useEffect(() => {
    if (!video || !preroll || isDone) return;
    // WebKit sends durationchange hundreds of times a second for an ad whose length its pipeline
    // does not know: a clock that did not change renders nothing.
    const tick = () => {
      const next = prerollClock(
        video.currentTime,
        prerollLength(preroll.duration_seconds, video.duration),
        preroll.skippable_after_seconds,
      );
      setClock((shown) => (sameClock(shown, next) ? shown : next));
    };
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

  // The browser pausing the ad by itself (WebKit, once it finds sound it did not allow): it goes on
  // muted, or waits for the viewer's click when even that is refused.
  const onBlocked = useCallback(() => setNeedsClick(true), []);
  useBrowserPauseFallback(video, isStarting && !isDone && !needsClick, noop, onBlocked);

  useEffect(() => {
    // Not while the ad waits for the viewer's click: that is the viewer's time, not a stall.
    if (!video || !preroll || isDone || !isStarting || needsClick) return;
    return watchPreroll(video, preroll.duration_seconds, (verdict) =>
      // An ad that stalled before the point it could be skipped was not seen.
      finish(verdict === 'ran-out' || video.currentTime >= preroll.skippable_after_seconds),
    );
  }, [video, preroll, isDone, isStarting, needsClick, finish]);

  const skip = useCallback(() => {
    if (!clock.canSkip) return;
    if (video) pauseVideo(video);
    finish(true);
  }, [clock.canSkip, video, finish]);

  return { isDone, clock, needsClick, start, skip };
}
