/** The "Ad" overlay's numbers at a moment of the pre-roll. */
export interface PrerollClock {
  /** Whole seconds left of the ad (shown as the countdown). */
  remaining: number;
  /** Seconds until Skip appears; 0 once it may be skipped. */
  skipIn: number;
  canSkip: boolean;
  /**
   * Whether Skip is offered at all: only when skipping saves a few seconds. At 5 s of a 6 s ad it
   * would be a button to press for nothing.
   */
  offersSkip: boolean;
}

/** The least time Skip must save to be offered. */
export const MIN_SKIP_SAVING_S = 3;

/**
 * The ad's length: the server's when it knows it, else the element's. WebKit may report a
 * duration that follows the play position (issue 31), which would count down to 0 s at once and
 * never offer Skip; the server's length is what the countdown and Skip go by.
 */
export function prerollLength(serverSeconds: number | null, elementDuration: number): number {
  return serverSeconds ?? elementDuration;
}

export function prerollClock(
  currentTime: number,
  duration: number,
  skippableAfterSeconds: number,
): PrerollClock {
  const length = Number.isFinite(duration) && duration > 0 ? duration : 0;
  const skipIn = Math.max(0, Math.ceil(skippableAfterSeconds - currentTime));
  return {
    remaining: Math.max(0, Math.ceil(length - currentTime)),
    skipIn,
    canSkip: skipIn === 0,
    offersSkip: length - skippableAfterSeconds >= MIN_SKIP_SAVING_S,
  };
}

export function sameClock(a: PrerollClock, b: PrerollClock): boolean {
  return (
    a.remaining === b.remaining &&
    a.skipIn === b.skipIn &&
    a.canSkip === b.canSkip &&
    a.offersSkip === b.offersSkip
  );
}
