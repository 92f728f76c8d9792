import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

export const CHANNEL_CHANGE_TOPIC = 'rudy:channel-changed';

export interface ChannelChangeBus {
  /** Tells the other processes that a channel's viewer data changed (after the commit). */
  publish(channelId: number): void;
  /** Calls `handler` for each change another process published. */
  onChange(handler: (channelId: number) => void): void;
  close(): Promise<void>;
}

/**
 * Cache invalidation across API processes over Redis pub/sub: every process that shares REDIS_URL
 * hears the others' changes (its own are skipped: it invalidated them already). ioredis subscribes
 * again after a reconnection; a change published while Redis is away is lost, and the caches
 * concerned then expire on their own timers (30 s for the bootstrap document, which answers once
 * more from its old copy while it reloads). Without Redis there is one process, and nothing to tell.
 */
export function createChannelChangeBus(
  redis: Redis | undefined,
  log: { warn(obj: object, msg: string): void },
  /** Tests sharing one Redis use a topic of their own. */
  topic = CHANNEL_CHANGE_TOPIC,
): ChannelChangeBus {
  if (!redis) {
    return { publish: () => undefined, onChange: () => undefined, close: () => Promise.resolve() };
  }
  const self = randomBytes(8).toString('hex');
  const handlers: ((channelId: number) => void)[] = [];
  // A subscribed connection can do nothing else: its own.
  // ioredis's own resubscribe after a reconnect sends SUBSCRIBE without a catch: when Redis drops
  // the connection again just as it is ready (a flapping Redis), that rejection goes unhandled,
  // and an unhandled rejection closes the process. So the bus subscribes at each ready itself.
  const subscriber = redis.duplicate({ autoResubscribe: false });
  subscriber.on('error', () => undefined);
  subscriber.on('ready', () => {
    subscriber.subscribe(topic).catch((err: unknown) => {
      log.warn({ err }, 'channel change subscription failed (caches expire on their own)');
    });
  });
  subscriber.on('message', (_topic: string, message: string) => {
    const [from, id] = message.split(':');
    const channelId = Number(id);
    if (from === self || !Number.isSafeInteger(channelId)) return;
    for (const handler of handlers) handler(channelId);
  });
  return {
    publish(channelId) {
      if (redis.status !== 'ready') return;
      redis.publish(topic, `${self}:${channelId}`).catch((err: unknown) => {
        log.warn({ err, channelId }, 'channel change not published (caches expire on their own)');
      });
    },
    onChange(handler) {
      handlers.push(handler);
    },
    async close() {
      subscriber.disconnect();
      await Promise.resolve();
    },
  };
}
