import type { Redis } from 'ioredis';

export interface FallbackLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export interface RedisAvailability {
  /** Whether commands may be sent now (connected); otherwise callers use their local counters. */
  usable(): boolean;
  /** A command failed: counted as an outage until the connection is ready again. */
  failed(error: unknown): void;
}

const trackers = new WeakMap<Redis, RedisAvailability>();

/**
 * Whether the shared Redis can be used right now, for the counters that fall back to this
 * process's own while it is away (rate limits, attempt limits). One line when it goes, one when it
 * is back, however many requests meet the outage; a request never waits for a reconnection.
 */
export function redisAvailability(redis: Redis, log: FallbackLog): RedisAvailability {
  const known = trackers.get(redis);
  if (known) return known;
  let down = false;
  const wentDown = (error: unknown) => {
    if (down) return;
    down = true;
    log.warn(
      { err: error },
      'Redis unavailable: rate and attempt limits use this process’s own counters until it returns',
    );
  };
  redis.on('error', wentDown);
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info({}, 'Redis is back: limits are shared again');
  });
  const tracker: RedisAvailability = {
    usable: () => redis.status === 'ready',
    failed: wentDown,
  };
  trackers.set(redis, tracker);
  return tracker;
}
