/**
 * Time-to-first-frame histogram buckets (upper bounds in ms; the last is open). Fine steps below a
 * second, where the player's goal lies; the hourly rollup stores a count per bucket and the
 * dashboard's p50/p95 are read from the merged histogram.
 */
export const FIRST_FRAME_BUCKETS_MS = [
  100, 200, 300, 400, 500, 600, 700, 800, 900, 1_000, 1_250, 1_500, 1_750, 2_000, 2_500, 3_000,
  4_000, 5_000, 7_500, 10_000, 15_000, 20_000, 30_000, 60_000,
] as const;

/** The bucket a measurement falls in: 0..FIRST_FRAME_BUCKETS_MS.length (the last is open). */
export function firstFrameBucket(ms: number): number {
  const i = FIRST_FRAME_BUCKETS_MS.findIndex((upper) => ms < upper);
  return i < 0 ? FIRST_FRAME_BUCKETS_MS.length : i;
}

/**
 * The q-quantile (0..1) of a histogram (samples per bucket index), interpolated linearly within
 * its bucket; null without samples. The open last bucket answers its lower bound.
 */
export function histogramQuantile(samples: ReadonlyMap<number, number>, q: number): number | null {
  let total = 0;
  for (const n of samples.values()) total += n;
  if (total === 0) return null;
  const target = q * total;
  let seen = 0;
  const buckets = [...samples.keys()].sort((a, b) => a - b);
  for (const bucket of buckets) {
    const n = samples.get(bucket) ?? 0;
    if (n === 0) continue;
    if (seen + n >= target) {
      const lower = bucket === 0 ? 0 : (FIRST_FRAME_BUCKETS_MS[bucket - 1] ?? 0);
      const upper = FIRST_FRAME_BUCKETS_MS[bucket];
      if (upper === undefined) return lower;
      return Math.round(lower + ((target - seen) / n) * (upper - lower));
    }
    seen += n;
  }
  return FIRST_FRAME_BUCKETS_MS[FIRST_FRAME_BUCKETS_MS.length - 1] ?? null;
}
