import type { Redis } from 'ioredis';
import { redisAvailability, type FallbackLog } from './redis-fallback.js';

export interface AttemptVerdict {
  allowed: boolean;
  /** When the window ends: the Retry-After of a refusal. */
  retryAfterMs: number;
}

export interface AttemptLimiter {
  /** Counts one attempt for key; refused once more than `max` happened within the window. */
  hit(key: string, max: number, windowMs: number): Promise<AttemptVerdict>;
  reset(key: string): Promise<void>;
}

/** Fixed-window counters in this process (the embedded default). */
export function memoryAttemptLimiter(now: () => number = Date.now): AttemptLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    hit(key, max, windowMs) {
      const t = now();
      if (windows.size > 100_000) {
        for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
      }
      const current = windows.get(key);
      const window = current && current.resetAt > t ? current : { count: 0, resetAt: t + windowMs };
      window.count += 1;
      windows.set(key, window);
      return Promise.resolve({ allowed: window.count <= max, retryAfterMs: window.resetAt - t });
    },
    reset(key) {
      windows.delete(key);
      return Promise.resolve();
    },
  };
}

/**
 * Fixed-window counters in Redis, shared by every process; while Redis is away, counters in this
 * process (limits hold per process, and a login never fails because Redis does).
 */
export function redisAttemptLimiter(
  redis: Redis,
  log: FallbackLog,
  prefix = 'rudy-attempts:',
): AttemptLimiter {
  const availability = redisAvailability(redis, log);
  const local = memoryAttemptLimiter();
  const shared: AttemptLimiter = {
    async hit(key, max, windowMs) {
      const k = prefix + key;
      const results = await redis.multi().incr(k).pexpire(k, windowMs, 'NX').pttl(k).exec();
      const count = Number(results?.[0]?.[1] ?? 0);
      const ttl = Number(results?.[2]?.[1] ?? windowMs);
      return { allowed: count <= max, retryAfterMs: ttl > 0 ? ttl : windowMs };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
  async function either<R>(run: (limiter: AttemptLimiter) => Promise<R>): Promise<R> {
    if (!availability.usable()) return run(local);
    try {
      return await run(shared);
    } catch (error) {
      availability.failed(error);
      return run(local);
    }
  }
  return {
    hit: (key, max, windowMs) => either((l) => l.hit(key, max, windowMs)),
    reset: (key) => either((l) => l.reset(key)),
  };
}
