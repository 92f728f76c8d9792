import { describe, expect, it } from 'vitest';
import { createPeakFinder, findCrowdPeaks, type LoudnessSample } from './crowd-peaks.js';

/** A loudness series at 10 values a second: a crowd at `base` LUFS with a ±0.8 LU wobble. */
function series(seconds: number, base: number, bursts: { at: number; for: number; lu: number }[]) {
  const out: LoudnessSample[] = [];
  for (let i = 0; i < seconds * 10; i += 1) {
    const t = i / 10;
    const burst = bursts.find((b) => t >= b.at && t < b.at + b.for);
    out.push({ t, m: base + 0.8 * Math.sin(i * 1.7) + (burst ? burst.lu : 0) });
  }
  return out;
}

describe('crowd peak finder', () => {
  it('finds bursts 12-20 LU above the crowd, at their onset', () => {
    const bursts = [
      { at: 40, for: 3, lu: 12 },
      { at: 95.5, for: 2, lu: 20 },
      { at: 150, for: 4, lu: 15 },
    ];
    const peaks = findCrowdPeaks(series(200, -40, bursts));
    expect(peaks.map((p) => p.t)).toEqual([40, 95.5, 150]);
    expect(peaks[1]?.confidence).toBe(1);
    expect(peaks[0]?.confidence).toBeGreaterThan(0.35);
    expect(peaks[0]?.confidence).toBeLessThan(peaks[2]?.confidence ?? 0);
    expect(peaks[2]?.seconds).toBeCloseTo(4, 0);
  });

  it('ignores steady noise, short shouts and sounds over silence', () => {
    expect(findCrowdPeaks(series(600, -40, []))).toEqual([]);
    expect(findCrowdPeaks(series(100, -40, [{ at: 50, for: 0.5, lu: 20 }]))).toEqual([]);
    expect(findCrowdPeaks(series(100, -40, [{ at: 50, for: 3, lu: 5 }]))).toEqual([]);
    // A microphone that wakes up over digital silence is not a roar.
    expect(findCrowdPeaks(series(100, -120, [{ at: 50, for: 30, lu: 80 }]))).toEqual([]);
  });

  it('follows a crowd that grows louder through the game', () => {
    const rising = series(300, -40, []).map((s) => ({ ...s, m: s.m + s.t / 20 }));
    expect(findCrowdPeaks(rising)).toEqual([]);
  });

  it('merges bursts closer than the spacing into one moment, keeping the louder excess', () => {
    const peaks = findCrowdPeaks(
      series(100, -40, [
        { at: 50, for: 2, lu: 12 },
        { at: 54, for: 2, lu: 18 },
      ]),
    );
    expect(peaks).toHaveLength(1);
    expect(peaks[0]?.t).toBe(50);
    expect(peaks[0]?.excessLu).toBeGreaterThan(16);
  });

  it('settles a peak as the audio arrives, once the spacing after it has passed', () => {
    const finder = createPeakFinder();
    const seen: { at: number; t: number }[] = [];
    for (const s of series(100, -40, [{ at: 50, for: 3, lu: 15 }])) {
      for (const p of finder.push(s)) seen.push({ at: s.t, t: p.t });
    }
    expect(finder.flush()).toEqual([]);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.t).toBe(50);
    // Within 10 s of the roar's start (issue 35: a live moment appears within 10 s).
    expect(seen[0]?.at).toBeLessThanOrEqual(58.1);
  });
});
