/** The "Ad" overlay's numbers at a moment of the pre-roll. */
export interface PrerollClock {
  /** Whole seconds left of the ad (shown as the countdown). */
  remaining: number;
  /** Seconds until Skip appears; 0 once it may be skipped. */
  skipIn: number;
  canSkip: boolean;
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
  };
}
