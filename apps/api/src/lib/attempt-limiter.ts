import type { Redis } from 'ioredis';

export interface AttemptLimiter {
  /** Counts one attempt for key; false once more than `max` happened within the window. */
  hit(key: string, max: number, windowMs: number): Promise<boolean>;
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
      return Promise.resolve(window.count <= max);
    },
    reset(key) {
      windows.delete(key);
      return Promise.resolve();
    },
  };
}

/** Fixed-window counters in Redis, shared by every process. */
export function redisAttemptLimiter(redis: Redis, prefix = 'rudy-attempts:'): AttemptLimiter {
  return {
    async hit(key, max, windowMs) {
      const k = prefix + key;
      const results = await redis.multi().incr(k).pexpire(k, windowMs, 'NX').exec();
      const count = Number(results?.[0]?.[1] ?? 0);
      return count <= max;
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
