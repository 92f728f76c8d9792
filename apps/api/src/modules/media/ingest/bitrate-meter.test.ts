import { describe, expect, it } from 'vitest';
import { createBitrateMeter } from './bitrate-meter.js';

describe('createBitrateMeter', () => {
  it('is null until the stream spans some time, then measures from the first frames', () => {
    const meter = createBitrateMeter();
    expect(meter.kbps()).toBeNull();
    meter.add(0, 5_000);
    expect(meter.kbps()).toBeNull();
    // 125 000 bytes over one second of stream: 1 000 kb/s.
    for (let t = 40; t <= 1_000; t += 40) meter.add(t, 5_000);
    expect(meter.kbps()).toBe(1_000);
  });

  it('reads the stream rate even when the bytes arrive in bursts (a paused socket)', () => {
    const meter = createBitrateMeter();
    // Nothing arrives for seconds of wall time, then four seconds of stream at once: still the
    // stream's rate, never 0.
    for (let t = 0; t <= 4_000; t += 100) meter.add(t, 6_250);
    expect(meter.kbps()).toBe(500);
  });

  it('follows a change of rate within the window, and folds interleaved timestamps', () => {
    const meter = createBitrateMeter(2_000);
    for (let t = 0; t <= 4_000; t += 100) meter.add(t, 12_500);
    for (let t = 4_100; t <= 8_000; t += 100) {
      meter.add(t, 2_500);
      meter.add(t - 20, 0); // an audio frame a little behind
    }
    expect(meter.kbps()).toBe(200);
  });
});
