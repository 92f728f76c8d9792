import { useEffect, useEffectEvent, useState } from 'react';
import { playWithFallback, type AutoplayResult } from '../lib/autoplay';
import type { EarlyVideo } from '../lib/early-player';
import { isBehindLive } from '../lib/live-edge';
import { seekVideo } from '../lib/media-commands';

/** After the ad, a live stream further behind than this jumps to the live edge. */
const PREROLL_CATCH_UP_S = 2;

/**
 * Starts the game once the ad is over: a live stream buffered during the ad catches up with the
 * game, then playback starts (with sound if allowed, else muted). The answer is how it started.
 * Once per video; later live-edge changes are the viewer's business.
 */
export function useGameStart(
  video: HTMLVideoElement | null,
  isPrerollDone: boolean,
  o: { early: EarlyVideo | null; liveEdge: (() => number | null) | null },
) {
  const [autoplay, setAutoplay] = useState<AutoplayResult | null>(null);
  // Read when the game starts, not a reason to start it again.
  const start = useEffectEvent((target: HTMLVideoElement) => {
    const edge = o.liveEdge?.() ?? null;
    if (edge !== null && isBehindLive(target.currentTime, edge, PREROLL_CATCH_UP_S)) {
      seekVideo(target, edge);
    }
    // The splash's video may be playing already: how it started is the answer (unless it stopped,
    // taken out of the page with the splash before the player was there).
    const started = o.early && !target.paused ? o.early.autoplay : null;
    void (started ?? playWithFallback(target)).then(setAutoplay);
  });
  useEffect(() => {
    if (video && isPrerollDone) start(video);
  }, [video, isPrerollDone]);
  return [autoplay, setAutoplay] as const;
}
