import { describe, expect, it } from 'vitest';
import {
  firstFrameBucket,
  FIRST_FRAME_BUCKETS_MS,
  histogramQuantile,
} from './first-frame-buckets.js';

describe('time to first frame histogram', () => {
  it('files a measurement under the first bound above it; past the last, the open bucket', () => {
    expect(firstFrameBucket(0)).toBe(0);
    expect(firstFrameBucket(99)).toBe(0);
    expect(firstFrameBucket(100)).toBe(1);
    expect(firstFrameBucket(650)).toBe(6);
    expect(firstFrameBucket(600_000)).toBe(FIRST_FRAME_BUCKETS_MS.length);
  });

  it('reads quantiles by interpolating within the bucket', () => {
    expect(histogramQuantile(new Map(), 0.5)).toBeNull();
    // 100 samples evenly in 600–700 ms: the median is 650.
    expect(histogramQuantile(new Map([[6, 100]]), 0.5)).toBe(650);
    const mixed = new Map([
      [4, 50], // 400–500
      [15, 50], // 2 500–3 000
    ]);
    expect(histogramQuantile(mixed, 0.5)).toBe(500);
    expect(histogramQuantile(mixed, 0.95)).toBe(2_950);
    expect(histogramQuantile(new Map([[FIRST_FRAME_BUCKETS_MS.length, 3]]), 0.5)).toBe(60_000);
  });
});
