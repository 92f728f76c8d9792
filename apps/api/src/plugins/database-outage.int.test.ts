import { EventEmitter, once } from 'node:events';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedDemoChannel } from '../db/seed/demo-channel.js';
import { startThrowawayPostgres } from '../test/throwaway-postgres.js';

/*
 * PostgreSQL stopped under load and started again: every answer meanwhile is a 2xx (a cached
 * document) or a 503 with Retry-After, never a 500, and once the server is back the API answers
 * 200 again by itself. On a server of the test's own (the shared one is never stopped).
 */

type Phase = 'up' | 'down' | 'restarted';
interface Answer {
  phase: Phase;
  url: string;
  status: number;
  retryAfter: string | undefined;
  code: string | undefined;
}

let server: Awaited<ReturnType<typeof startThrowawayPostgres>>;
let database: DatabaseHandle;
let app: FastifyInstance;
let key: string;
let eventId: number;

beforeAll(async () => {
  server = await startThrowawayPostgres();
  database = await openDatabase({ databaseUrl: server.url, dataDir: '', poolSize: 5 });
  await migrateToLatest(database.db);
  await seedDemoChannel(database.db);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    WEB_DIST_DIR: '/nonexistent',
    RATE_LIMIT_MAX: '100000',
  });
  app = await buildApp({ config, db: database.db });
  await app.ready();
  const res = await app.inject({
    method: 'POST',
    url: '/api/get_api_key',
    payload: { channel_key: 'demo-hockey' },
  });
  key = res.json<{ api_key: string }>().api_key;
  const row = await database.db
    .selectFrom('events')
    .select('id')
    .where('published', '=', true)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  eventId = row.id;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await server?.destroy();
});

/** One round of the traffic: calls that read the database every time, and cached ones. */
function round(n: number): { url: string; send: () => Promise<LightMyRequestResponse> }[] {
  const get = (url: string, query: Record<string, string> = {}) => ({
    url,
    send: () => app.inject({ method: 'GET', url, query: { api_key: key, ...query } }),
  });
  return [
    get('/api/settings'),
    // A new offset each round: a listing page never cached yet.
    get('/api/events', { offset: String(n), limit: '5' }),
    get(`/api/events/${eventId}`),
    get('/api/channel-bootstrap-data', { client_interface: 'web' }),
    get('/api/ready'),
    {
      url: '/api/get_api_key',
      send: () =>
        app.inject({
          method: 'POST',
          url: '/api/get_api_key',
          payload: { channel_key: 'demo-hockey' },
        }),
    },
  ];
}

describe('the database goes away under load', () => {
  it('answers 2xx or 503 with Retry-After throughout, and 200 again once it is back', async () => {
    const answers: Answer[] = [];
    const rounds = new EventEmitter();
    let phase: Phase = 'up';
    let flowing = true;
    const traffic = (async () => {
      for (let n = 0; flowing; n++) {
        const during = phase;
        const batch = await Promise.all(
          round(n).map(async ({ url, send }) => {
            const res = await send();
            const retryAfter = res.headers['retry-after'];
            const answer: Answer = {
              phase: during,
              url,
              status: res.statusCode,
              retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined,
              code: res.statusCode >= 400 ? res.json<{ code?: string }>().code : undefined,
            };
            answers.push(answer);
            return answer;
          }),
        );
        rounds.emit('round', batch);
      }
    })();
    const nextRound = async () => (await once(rounds, 'round'))[0] as Answer[];

    await nextRound();
    await nextRound();
    phase = 'down';
    await server.stop();
    // Rounds that began after the server was gone.
    for (let i = 0; i < 6; i++) await nextRound();
    await server.start();
    phase = 'restarted';
    // Polls until a whole round (the readiness probe aside) is answered 200 again.
    for (;;) {
      const batch = await nextRound();
      if (batch.every((a) => a.url === '/api/ready' || a.status === 200)) break;
    }
    flowing = false;
    await traffic;

    const wrong = answers.filter(
      (a) => !(a.status < 300 || (a.status === 503 && a.retryAfter !== undefined)),
    );
    expect(wrong).toEqual([]);
    const down = answers.filter((a) => a.phase === 'down');
    // The database really was away: calls that read it were refused, as service_unavailable.
    expect(
      down.filter((a) => a.url === '/api/settings' && a.status === 503).length,
    ).toBeGreaterThan(0);
    expect(
      down
        .filter((a) => a.status === 503 && a.url !== '/api/ready')
        .every((a) => a.code === 'service_unavailable'),
    ).toBe(true);
  }, 120_000);
});
