import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createChannelChangeBus, type ChannelChangeBus } from '../../lib/channel-change-bus.js';
import { createViewerCaches } from './viewer-caches.js';

/* A console change invalidates the viewers' caches of every API process sharing Redis. */

const onRedis = Boolean(process.env.REDIS_URL);
const connections: Redis[] = [];
const buses: ChannelChangeBus[] = [];
const log = { warn: () => undefined };
// Other tests may share this Redis: a topic of this run's own.
const topic = `rudy-test:${randomBytes(6).toString('hex')}`;

afterAll(async () => {
  for (const bus of buses) await bus.close();
  for (const c of connections) c.disconnect();
});

/** One API process's caches: what they were told to forget. */
function apiProcess() {
  const redis = new Redis(process.env.REDIS_URL ?? '');
  connections.push(redis);
  const bus = createChannelChangeBus(redis, log, topic);
  buses.push(bus);
  const forgotten: number[] = [];
  const caches = createViewerCaches([{ invalidate: (id) => void forgotten.push(id) }], bus);
  return { caches, forgotten, redis };
}

async function until(ok: () => boolean, ms = 5_000) {
  const deadline = Date.now() + ms;
  while (!ok() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}

describe.skipIf(!onRedis)('viewer caches across processes', () => {
  it('a change made through one process is forgotten by the others at once', async () => {
    const a = apiProcess();
    const b = apiProcess();
    const c = apiProcess();
    await until(() => [a, b, c].every((p) => p.redis.status === 'ready'));
    // Subscriptions are made on their own connections: give them a moment to be in place.
    await new Promise((r) => setTimeout(r, 300));

    a.caches.changed(7);
    expect(a.forgotten).toEqual([7]);
    await until(() => b.forgotten.length > 0 && c.forgotten.length > 0);
    expect(b.forgotten).toEqual([7]);
    expect(c.forgotten).toEqual([7]);

    b.caches.changed(9);
    await until(() => a.forgotten.length > 1 && c.forgotten.length > 1);
    // Each process forgets each change once (its own change is not heard back).
    expect(a.forgotten).toEqual([7, 9]);
    expect(b.forgotten).toEqual([7, 9]);
    expect(c.forgotten).toEqual([7, 9]);
  }, 30_000);
});
