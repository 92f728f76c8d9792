import { PREROLL_END_MARGIN_S, PREROLL_UNKNOWN_LENGTH_S } from '@rudy/contracts';

/** An ad whose play position has not moved for this long is over: a stall nothing resumes. */
export const PREROLL_STALL_S = 8;
/** How often the watchdog looks at the ad. */
const CHECK_MS = 1_000;

export type WatchdogVerdict = 'ran-out' | 'stalled';

/**
 * Ends an ad that the browser never ends. WebKit may report a duration that follows the play
 * position and never fire `ended` (issue 31): the ad is then over once the wall clock, from when
 * it really started playing, passes the server's length plus a margin — or once its position has
 * not moved for PREROLL_STALL_S (before it started too: a load that hangs). The caller pauses the
 * watchdog (stops it) while the ad waits for the viewer's click.
 */
export function watchPreroll(
  video: HTMLVideoElement,
  lengthSeconds: number | null,
  onOver: (verdict: WatchdogVerdict) => void,
): () => void {
  const limitMs = ((lengthSeconds ?? PREROLL_UNKNOWN_LENGTH_S) + PREROLL_END_MARGIN_S) * 1_000;
  let startedAt: number | null = video.paused ? null : Date.now();
  let position = video.currentTime;
  let movedAt = Date.now();
  const onPlaying = () => {
    startedAt ??= Date.now();
  };
  video.addEventListener('playing', onPlaying);
  const timer = setInterval(() => {
    const now = Date.now();
    if (video.currentTime !== position) {
      position = video.currentTime;
      movedAt = now;
      // A position that moves is playback, whether or not `playing` was heard.
      startedAt ??= now - position * 1_000;
    }
    const verdict: WatchdogVerdict | null =
      startedAt !== null && now - startedAt >= limitMs
        ? 'ran-out'
        : now - movedAt >= PREROLL_STALL_S * 1_000
          ? 'stalled'
          : null;
    if (verdict) {
      stop();
      onOver(verdict);
    }
  }, CHECK_MS);
  const stop = () => {
    clearInterval(timer);
    video.removeEventListener('playing', onPlaying);
  };
  return stop;
}
