import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { seedDemoChannel } from '../../db/seed/demo-channel.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { RAW_KIND } from './datalake-rows.js';

/* The datalake's POST calls answered in front of Fastify (datalake-lane.ts), over real HTTP. */

interface Served {
  app: FastifyInstance;
  database: TestDatabase;
  url: string;
  /** Requests Fastify itself saw (its first onRequest hook). */
  fastifySaw: string[];
  /** Closed by the test itself. */
  closed?: boolean;
}
let served: Served | undefined;

async function serve(env: Record<string, string> = {}): Promise<Served> {
  const database = await createTestDatabase();
  await seedDemoChannel(database.db);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    WEB_DIST_DIR: '/nonexistent',
    DATALAKE_FLUSH_MS: '600000',
    DATALAKE_BATCH_ROWS: '100000',
    ...env,
  });
  const app = await buildApp({ config, db: database.db });
  const fastifySaw: string[] = [];
  app.addHook('onRequest', (request, _reply, done) => {
    fastifySaw.push(request.url);
    done();
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  served = { app, database, url: `http://127.0.0.1:${port}`, fastifySaw };
  return served;
}

afterEach(async () => {
  if (!served?.closed) await served?.app.close();
  await served?.database.close();
  served = undefined;
});

const heartbeat = (extra: Record<string, unknown> = {}) => ({
  viewing_time: 30,
  category: 'U18 AAA',
  sport: 'Hockey',
  school: 'St. Brendan',
  video_view_uuid: randomUUID(),
  stream_id: 7,
  stream_type: 'live',
  profile: 'demo-hockey',
  session_uuid: 'lane-session-1',
  origin_url: 'http://localhost:3000/watch/7',
  ...extra,
});

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** Headers that differ between any two answers. */
const VARYING = new Set(['date', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'keep-alive']);
function stable(res: Response): Record<string, string> {
  const out: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!VARYING.has(name)) out[name] = value;
  });
  return out;
}

describe('the datalake lane', () => {
  it('answers an accepted call before Fastify, with the bytes and headers Fastify sends', async () => {
    const s = await serve();
    const lane = await post(`${s.url}/datalake/video/viewing/`, heartbeat());
    expect(s.fastifySaw).toEqual([]);
    // A query string is not the lane's: Fastify answers it.
    const viaFastify = await post(`${s.url}/datalake/video/viewing/?via=fastify`, heartbeat());
    expect(s.fastifySaw).toEqual(['/datalake/video/viewing/?via=fastify']);

    expect(lane.status).toBe(200);
    expect(await lane.text()).toBe(await viaFastify.text());
    expect(stable(lane)).toEqual(stable(viaFastify));
    expect(lane.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(lane.headers.get('access-control-allow-origin')).toBe('*');
    expect(Number(lane.headers.get('x-ratelimit-remaining'))).toBe(
      Number(viaFastify.headers.get('x-ratelimit-remaining')) + 1,
    );

    // The other calls, with and without the trailing slash, as JSON too.
    const session = { profile: 'demo-hockey', session: 'lane-session-1', device_type: 'desktop' };
    expect((await post(`${s.url}/datalake/session`, session)).status).toBe(200);
    const event = {
      profile: 'demo-hockey',
      session_uuid: 'lane-session-1',
      event: 'visit_page',
      extras: { path: '/watch/7' },
    };
    const json = { 'content-type': 'application/json' };
    expect((await post(`${s.url}/datalake/event/`, event, json)).status).toBe(200);
    const first = {
      profile: 'demo-hockey',
      session_uuid: 'lane-session-1',
      video_view_uuid: randomUUID(),
      stream_id: 7,
      stream_type: 'live',
      first_frame_ms: 850,
    };
    expect((await post(`${s.url}/datalake/video/event/`, first)).status).toBe(200);
    expect(s.fastifySaw).toHaveLength(1);

    await s.app.datalake!.flush();
    const kinds = await s.database.db
      .selectFrom('analytics_raw')
      .select('kind')
      .where('session_uuid', '=', 'lane-session-1')
      .execute();
    expect(kinds.map((r) => r.kind).sort()).toEqual(
      [
        RAW_KIND.viewing,
        RAW_KIND.viewing,
        RAW_KIND.session,
        RAW_KIND.event,
        RAW_KIND.videoEvent,
      ].sort(),
    );
    const ff = await s.database.db
      .selectFrom('analytics_raw')
      .select(['name', 'value'])
      .where('kind', '=', RAW_KIND.videoEvent)
      .executeTakeFirstOrThrow();
    expect(ff).toEqual({ name: 'first_frame', value: 850 });
  });

  it('hands junk to Fastify as it came: the same 400s, the budget counted once', async () => {
    const s = await serve({ DATALAKE_RATE_LIMIT_MAX: '4' });
    const url = `${s.url}/datalake/video/viewing/`;
    const answers = [
      await post(url, '{"viewing_time": 30,'),
      await post(url, heartbeat({ viewing_time: -1 })),
      await post(url, heartbeat({ profile: 'no-such-channel' })),
    ];
    expect(answers.map((r) => r.status)).toEqual([400, 400, 400]);
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as {
      code: string;
      errors?: Record<string, string>;
    }[];
    expect(bodies.map((b) => b.code)).toEqual([
      'validation_failed',
      'validation_failed',
      'validation_failed',
    ]);
    expect(Object.keys(bodies[1]!.errors ?? {})).toEqual(['viewing_time']);
    expect(bodies[2]!.errors).toEqual({ profile: 'unknown channel' });
    for (const res of answers) {
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(res.headers.get('x-ratelimit-limit')).toBe('4');
    }
    expect(answers.map((r) => r.headers.get('x-ratelimit-remaining'))).toEqual(['3', '2', '1']);
    expect(s.fastifySaw).toHaveLength(3);

    // Three counted, one left: a fourth call is kept, the fifth is refused.
    expect((await post(url, heartbeat())).status).toBe(200);
    const refused = await post(url, heartbeat());
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(((await refused.json()) as { code: string }).code).toBe('rate_limited');

    await s.app.datalake!.flush();
    const stored = await s.database.db
      .selectFrom('analytics_raw')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(1);
  });

  it('counts a client behind the trusted proxy by its forwarded address', async () => {
    const s = await serve({ DATALAKE_RATE_LIMIT_MAX: '2', TRUST_PROXY: 'loopback' });
    const url = `${s.url}/datalake/video/viewing/`;
    const from = (ip: string) => post(url, heartbeat(), { 'x-forwarded-for': ip });
    const codes = [];
    for (const ip of ['203.0.113.1', '203.0.113.1', '203.0.113.1', '203.0.113.2']) {
      codes.push((await from(ip)).status);
    }
    expect(codes).toEqual([200, 200, 429, 200]);
  });

  it('leaves calls to Fastify once the server closes, and stores every one it accepted', async () => {
    const s = await serve();
    const url = `${s.url}/datalake/video/viewing/`;
    const sent = await Promise.all(Array.from({ length: 20 }, () => post(url, heartbeat())));
    expect(sent.every((r) => r.status === 200)).toBe(true);
    const closing = s.app.close();
    const late = await post(url, heartbeat()).catch(() => null);
    // Refused by a closed listener, or answered by Fastify with Connection: close.
    if (late) expect(late.headers.get('connection')).toBe('close');
    await closing;
    s.closed = true;
    const stored = await s.database.db
      .selectFrom('analytics_raw')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(late?.status === 200 ? 21 : 20);
  });
});
