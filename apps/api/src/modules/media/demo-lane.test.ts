import { describe, expect, it } from 'vitest';
import { ffmpegThreadCap } from '@rudy/media';
import { createDemoLane } from './demo-lane.js';

/** A lane on a clock the test moves: each piece of work "takes" the time it adds. */
function laneOnClock(share: number) {
  let clock = 1_000;
  const rests: number[] = [];
  const lane = createDemoLane({
    share,
    threads: 1,
    now: () => clock,
    sleep: (ms) => {
      rests.push(ms);
      clock += ms;
      return Promise.resolve();
    },
  });
  const work = (ms: number, order: string[], name: string) => () => {
    order.push(`${name} starts at ${clock}`);
    clock += ms;
    return Promise.resolve(ffmpegThreadCap());
  };
  return { lane, rests, work };
}

describe('the demo lane', () => {
  it('runs one piece at a time, its ffmpeg on one thread, and rests to hold its share of a core', async () => {
    const { lane, rests, work } = laneOnClock(0.8);
    const order: string[] = [];
    const caps = await Promise.all([
      lane(work(4_000, order, 'game')),
      lane(work(2_000, order, 'stills')),
      lane(work(8_000, order, 'library')),
    ]);
    expect(caps).toEqual([1, 1, 1]);
    // 4 s of work, then a 1 s rest (80 % of the time busy), and so on.
    expect(rests).toEqual([1_000, 500]);
    expect(order).toEqual([
      'game starts at 1000',
      'stills starts at 6000',
      'library starts at 8500',
    ]);
  });

  it('the rest comes before the next piece: the one who waited has the result at once', async () => {
    const { lane, rests, work } = laneOnClock(0.5);
    expect(await lane(work(3_000, [], 'game'))).toBe(1);
    expect(rests).toEqual([]);
    await lane(work(1_000, [], 'next'));
    expect(rests).toEqual([3_000]);
  });

  it('a piece that fails still counts its time, and the lane goes on', async () => {
    const { lane, rests } = laneOnClock(0.5);
    await expect(lane(() => Promise.reject(new Error('ffmpeg failed')))).rejects.toThrow(
      'ffmpeg failed',
    );
    expect(await lane(() => Promise.resolve('after'))).toBe('after');
    expect(rests).toEqual([]);
  });
});
