import { describe, expect, it } from 'vitest';
import { memoryAttemptLimiter } from './attempt-limiter.js';

describe('memory attempt limiter', () => {
  it('allows max attempts per window, then refuses until the window ends', async () => {
    let now = 0;
    const limiter = memoryAttemptLimiter(() => now);
    const results = [];
    for (let i = 0; i < 4; i++) results.push((await limiter.hit('a', 3, 1000)).allowed);
    expect(results).toEqual([true, true, true, false]);
    expect((await limiter.hit('b', 3, 1000)).allowed).toBe(true);
    now = 1000;
    expect((await limiter.hit('a', 3, 1000)).allowed).toBe(true);
  });

  it('says how long until the window ends', async () => {
    let now = 0;
    const limiter = memoryAttemptLimiter(() => now);
    await limiter.hit('a', 1, 1000);
    now = 400;
    expect(await limiter.hit('a', 1, 1000)).toEqual({ allowed: false, retryAfterMs: 600 });
  });

  it('forgets a key on reset', async () => {
    const limiter = memoryAttemptLimiter(() => 0);
    await limiter.hit('a', 1, 1000);
    await limiter.reset('a');
    expect((await limiter.hit('a', 1, 1000)).allowed).toBe(true);
  });
});
