import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, OTHER_CHANNEL_KEY, type TestContext } from '../../test/test-app.js';
import { RAW_KIND, type RawRow } from './datalake-rows.js';
import { createDatalakeRepository, utcDay } from './datalake.repository.js';
import { rollUp } from './rollup.js';

/* Spec section 7's datalake calls: fields, junk, batching, rollups, retention, limits. */

let t: TestContext;
const session = 'a1b2c3d4-0000-4000-8000-000000000001';

beforeAll(async () => {
  // Batches wait for an explicit flush (or a close), so each test sees exactly what it sent.
  t = await createTestApp({ DATALAKE_FLUSH_MS: '600000', DATALAKE_BATCH_ROWS: '100000' });
});
afterAll(() => t?.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.inject({
    method: 'POST',
    url,
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    headers: { 'content-type': 'application/json', ...headers },
  });

const flush = () => t.app.datalake!.flush();

async function rawRows(kind: number) {
  return t.database.db
    .selectFrom('analytics_raw')
    .selectAll()
    .where('kind', '=', kind)
    .orderBy('received_at')
    .execute();
}

const viewing = (extra: Record<string, unknown> = {}) => ({
  viewing_time: 30,
  category: 'U18 AAA',
  sport: 'Hockey',
  gender: 'men',
  school: 'St. Brendan',
  league: 'NJHL',
  video_view_uuid: randomUUID(),
  stream_id: 7,
  stream_type: 'vod',
  profile: 'demo-hockey',
  origin_url: 'http://localhost:3000/watch/7',
  ...extra,
});

describe('GET /datalake/hash/', () => {
  it('answers a new session hash as its data, readable from any origin', async () => {
    const a = await t.get('/datalake/hash/');
    const b = await t.get('/datalake/hash');
    expect(a.statusCode).toBe(200);
    expect(a.headers['access-control-allow-origin']).toBe('*');
    const { data } = a.json<{ data: string }>();
    expect(data).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.json<{ data: string }>().data).not.toBe(data);
  });

  it('lets a cross-site page post JSON after a preflight', async () => {
    const res = await t.inject({
      method: 'OPTIONS',
      url: '/datalake/event/',
      headers: { origin: 'https://fans.example', 'access-control-request-method': 'POST' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-headers']).toContain('content-type');
  });
});

describe('the calls and what is stored', () => {
  it('POST /datalake/session/ stores the device, as JSON or as a text/plain beacon', async () => {
    const body = {
      profile: 'demo-hockey',
      session,
      device_type: 'mobile',
      user_agent: 'Mozilla/5.0 (iPhone)',
      resolution: '390x844',
      platform: 'iPhone',
      origin_url: 'http://localhost:3000/?trk=spring',
      trk: 'spring',
    };
    expect((await post('/datalake/session/', body)).statusCode).toBe(200);
    const beacon = await post('/datalake/session/', body, {
      'content-type': 'text/plain;charset=UTF-8',
    });
    expect(beacon.statusCode).toBe(200);
    expect(beacon.json()).toEqual({ status: 'ok' });
    await flush();
    const rows = await rawRows(RAW_KIND.session);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      channel_id: t.demoChannelId,
      session_uuid: session,
      data: {
        device_type: 'mobile',
        user_agent: 'Mozilla/5.0 (iPhone)',
        resolution: '390x844',
        platform: 'iPhone',
        origin_url: 'http://localhost:3000/?trk=spring',
        trk: 'spring',
      },
    });
  });

  it('POST /datalake/event/ takes visit_page, login and api_request; secrets and e-mail stay out', async () => {
    const base = { profile: 'demo-hockey', session_uuid: session, user_id: 41 };
    const sent = [
      {
        ...base,
        event: 'visit_page',
        extras: { path: '/schedule' },
        origin_url: 'http://localhost:3000/schedule?team=4',
      },
      { ...base, event: 'login', user_email: 'fan@example.test', extras: { method: 'password' } },
      {
        ...base,
        event: 'api_request',
        extras: { status: 500, method: 'GET', path: '/api/events?api_key=SECRETKEY&lang=en' },
        origin_url: 'http://localhost:3000/password-reset?email=a%40b.c&signature=SIGNED',
      },
    ];
    for (const body of sent) expect((await post('/datalake/event/', body)).statusCode).toBe(200);
    await flush();
    const rows = await rawRows(RAW_KIND.event);
    expect(rows.map((r) => r.name)).toEqual(['visit_page', 'login', 'api_request']);
    expect(rows[0]?.data).toMatchObject({ path: '/schedule', extras: { path: '/schedule' } });
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain('SECRETKEY');
    expect(stored).not.toContain('SIGNED');
    expect(stored).not.toContain('fan@example.test');
    expect(rows[2]?.data).toMatchObject({ extras: { status: 500, method: 'GET' } });
    expect(rows[1]?.user_id).toBe(41);
  });

  it('POST /datalake/video/event/ defaults to first_frame and keeps the time it took', async () => {
    const view = randomUUID();
    const res = await post('/datalake/video/event/', {
      profile: 'demo-hockey',
      session_uuid: session,
      video_view_uuid: view,
      stream_id: 7,
      stream_type: 'live',
      user_id: null,
      user_email: null,
      first_frame_ms: 640,
    });
    expect(res.statusCode).toBe(200);
    await flush();
    const [row] = (await rawRows(RAW_KIND.videoEvent)).filter((r) => r.video_view_uuid === view);
    expect(row).toMatchObject({
      name: 'first_frame',
      stream_id: 7,
      stream_type: 'live',
      value: 640,
    });
    const views = await t.database.db
      .selectFrom('analytics_views_hourly')
      .selectAll()
      .where('stream_id', '=', 7)
      .execute();
    expect(views).toEqual([expect.objectContaining({ stream_type: 'live', views: 1 })]);
  });

  it('POST /datalake/video/viewing/ adds watch time by what was watched', async () => {
    const view = randomUUID();
    for (const seconds of [30, 30, 12.5]) {
      const res = await post(
        '/datalake/video/viewing/',
        viewing({ video_view_uuid: view, viewing_time: seconds, stream_id: 8 }),
      );
      expect(res.statusCode).toBe(200);
    }
    await flush();
    const watch = await t.database.db
      .selectFrom('analytics_watch_hourly')
      .selectAll()
      .where('stream_id', '=', 8)
      .execute();
    expect(watch).toEqual([
      expect.objectContaining({
        channel_id: t.demoChannelId,
        category: 'U18 AAA',
        sport: 'Hockey',
        school: 'St. Brendan',
        seconds: 72.5,
      }),
    ]);
    const presence = await t.database.db
      .selectFrom('analytics_presence')
      .selectAll()
      .where('video_view_uuid', '=', view)
      .execute();
    expect(presence).toHaveLength(1);
  });

  it('a heartbeat with only the spec’s fields finds its channel by origin_url’s host', async () => {
    const spec = viewing({ stream_id: 9, origin_url: 'https://other.example.test/watch/9' });
    delete (spec as Partial<typeof spec>).profile;
    expect((await post('/datalake/video/viewing/', spec)).statusCode).toBe(200);
    await flush();
    const [row] = await t.database.db
      .selectFrom('analytics_watch_hourly')
      .select('channel_id')
      .where('stream_id', '=', 9)
      .execute();
    expect(row?.channel_id).toBe(t.otherChannelId);
  });

  it('files each channel’s rows under its own channel', async () => {
    const res = await post('/datalake/event/', {
      profile: OTHER_CHANNEL_KEY,
      session_uuid: session,
      event: 'visit_page',
      extras: { path: '/other-only' },
    });
    expect(res.statusCode).toBe(200);
    await flush();
    const pages = await t.database.db
      .selectFrom('analytics_pages_hourly')
      .select(['channel_id', 'visits'])
      .where('path', '=', '/other-only')
      .execute();
    expect(pages).toEqual([{ channel_id: t.otherChannelId, visits: 1 }]);
  });
});

describe('junk', () => {
  const validEvent = { profile: 'demo-hockey', session_uuid: session, event: 'visit_page' };
  const cases: [string, string, unknown][] = [
    ['not JSON', '/datalake/event/', '{"profile": '],
    ['an array', '/datalake/event/', [validEvent]],
    ['a string', '/datalake/session/', '"hello"'],
    ['no profile', '/datalake/event/', { ...validEvent, profile: undefined }],
    ['an unknown channel', '/datalake/event/', { ...validEvent, profile: 'nobody' }],
    ['an unknown event kind', '/datalake/event/', { ...validEvent, event: 'purchase' }],
    ['a made-up session', '/datalake/event/', { ...validEvent, session_uuid: 'x' }],
    ['a NUL character', '/datalake/event/', { ...validEvent, extras: { path: 'a\u0000b' } }],
    ['half a character', '/datalake/event/', { ...validEvent, extras: { path: 'a\ud800b' } }],
    ['nested extras', '/datalake/event/', { ...validEvent, extras: { deep: { er: 1 } } }],
    [
      'too many extras',
      '/datalake/event/',
      { ...validEvent, extras: Object.fromEntries([...Array(30).keys()].map((i) => [`k${i}`, i])) },
    ],
    ['a user id as text', '/datalake/event/', { ...validEvent, user_id: '1; drop table users' }],
    [
      'prototype pollution',
      '/datalake/event/',
      '{"__proto__": {"admin": true}, "profile": "demo-hockey"}',
    ],
    ['a negative viewing time', '/datalake/video/viewing/', viewing({ viewing_time: -5 })],
    [
      'an hour-long heartbeat and more',
      '/datalake/video/viewing/',
      viewing({ viewing_time: 3601 }),
    ],
    ['a non-uuid view', '/datalake/video/viewing/', viewing({ video_view_uuid: 'v1' })],
    ['an unknown stream type', '/datalake/video/viewing/', viewing({ stream_type: 'radio' })],
    ['a stream id as text', '/datalake/video/viewing/', viewing({ stream_id: 'seven' })],
    ['no channel at all', '/datalake/video/viewing/', viewing({ profile: null, origin_url: null })],
    [
      'a video event of no kind we know',
      '/datalake/video/event/',
      {
        profile: 'demo-hockey',
        session_uuid: session,
        video_view_uuid: randomUUID(),
        stream_id: 1,
        stream_type: 'vod',
        event: 'rewind',
      },
    ],
  ];

  it.each(cases)('%s is a 400 and stores nothing', async (_name, url, body) => {
    const before = await t.database.db
      .selectFrom('analytics_raw')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await post(url, body);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ code: string }>().code).toBe('validation_failed');
    await flush();
    const after = await t.database.db
      .selectFrom('analytics_raw')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('a body over 16 KB is a 413, a form post a 415, an unknown path a 404', async () => {
    const big = {
      ...validEvent,
      extras: { note: 'x'.repeat(500) },
      origin_url: 'y'.repeat(20_000),
    };
    expect((await post('/datalake/event/', big)).statusCode).toBe(413);
    const form = await post('/datalake/event/', 'profile=demo-hockey', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.statusCode).toBe(415);
    expect((await post('/datalake/nothing/', validEvent)).statusCode).toBe(404);
  });
});

describe('batching', () => {
  it('writes nothing per request, then everything at once when a batch is due', async () => {
    const ctx = await createTestApp({ DATALAKE_FLUSH_MS: '600000', DATALAKE_BATCH_ROWS: '5' });
    try {
      const count = async () =>
        Number(
          (
            await ctx.database.db
              .selectFrom('analytics_raw')
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const send = () =>
        ctx.inject({
          method: 'POST',
          url: '/datalake/video/viewing/',
          payload: viewing(),
        });
      for (let i = 0; i < 4; i++) expect((await send()).statusCode).toBe(200);
      expect(await count()).toBe(0);
      expect((await send()).statusCode).toBe(200);
      await expect.poll(count, { timeout: 10_000 }).toBe(5);
    } finally {
      await ctx.close();
    }
  });

  it('flushes every accepted row when the app closes (SIGTERM path): none is lost', async () => {
    const ctx = await createTestApp({ DATALAKE_FLUSH_MS: '600000', DATALAKE_BATCH_ROWS: '100000' });
    const n = 250;
    const results = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        ctx.inject({
          method: 'POST',
          url: '/datalake/video/viewing/',
          payload: viewing({ viewing_time: 1 + (i % 30), stream_id: 1000 + (i % 3) }),
        }),
      ),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const db = ctx.database.db;
    await ctx.app.close();
    try {
      const raw = await db
        .selectFrom('analytics_raw')
        .select([(eb) => eb.fn.countAll<string>().as('n'), sql<string>`sum(value)`.as('total')])
        .executeTakeFirstOrThrow();
      expect(Number(raw.n)).toBe(n);
      const expected = Array.from({ length: n }, (_, i) => 1 + (i % 30)).reduce((a, b) => a + b);
      expect(Number(raw.total)).toBe(expected);
      const rolled = await db
        .selectFrom('analytics_watch_hourly')
        .select(sql<string>`sum(seconds)`.as('total'))
        .executeTakeFirstOrThrow();
      expect(Number(rolled.total)).toBe(expected);
    } finally {
      await ctx.database.close();
    }
  });

  it('refuses with 503 once the buffer is full, and keeps what it accepted', async () => {
    const ctx = await createTestApp({
      DATALAKE_FLUSH_MS: '600000',
      DATALAKE_BATCH_ROWS: '100000',
      DATALAKE_BUFFER_MAX: '2',
    });
    try {
      const send = () =>
        ctx.inject({ method: 'POST', url: '/datalake/video/viewing/', payload: viewing() });
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(200);
      const full = await send();
      expect(full.statusCode).toBe(503);
      expect(full.json<{ code: string }>().code).toBe('analytics_busy');
      await ctx.app.datalake!.flush();
      expect((await send()).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});

describe('limits and retention', () => {
  it('has a rate budget of its own: a flood is refused with 429, the API still answers', async () => {
    const ctx = await createTestApp({ DATALAKE_RATE_LIMIT_MAX: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await ctx.inject({
          method: 'POST',
          url: '/datalake/video/viewing/',
          payload: viewing(),
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 429, 429]);
      expect((await ctx.get('/api/health')).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });

  it('drops raw partitions past the retention and rollups past theirs; keeps today', async () => {
    const ctx = await createTestApp({
      ANALYTICS_RETENTION_DAYS: '30',
      ANALYTICS_ROLLUP_RETENTION_DAYS: '400',
    });
    try {
      const repo = createDatalakeRepository(ctx.database.db);
      const day = (daysAgo: number) => utcDay(new Date(Date.now() - daysAgo * 86_400_000));
      await repo.ensurePartition(day(31));
      await repo.ensurePartition(day(29));
      const old = new Date(Date.now() - 401 * 86_400_000);
      const recent = new Date(Date.now() - 399 * 86_400_000);
      await ctx.database.db
        .insertInto('analytics_events_hourly')
        .values([
          { channel_id: ctx.demoChannelId, hour: old, name: 'login', count: 1 },
          { channel_id: ctx.demoChannelId, hour: recent, name: 'login', count: 1 },
        ])
        .execute();
      await ctx.app.datalake!.maintain();
      const days = (await repo.partitions()).map((p) => p.day);
      expect(days).not.toContain(day(31));
      expect(days).toEqual(expect.arrayContaining([day(29), day(0), day(-1)]));
      const kept = await ctx.database.db
        .selectFrom('analytics_events_hourly')
        .select('hour')
        .execute();
      expect(kept.map((k) => new Date(k.hour).getTime())).toEqual([recent.getTime()]);
    } finally {
      await ctx.close();
    }
  });
});

describe('the batch insert (one JSON parameter)', () => {
  it('stores every column as given, and the columns left out of the text as null', async () => {
    const repo = createDatalakeRepository(t.database.db);
    const probe = randomUUID();
    const at = new Date(Math.floor(Date.now() / 1000) * 1000 + 123);
    const full: RawRow = {
      received_at: at,
      channel_id: t.demoChannelId,
      kind: RAW_KIND.videoEvent,
      name: 'first_frame',
      session_uuid: 'a "quoted" \\ session é 😀',
      video_view_uuid: randomUUID(),
      user_id: 42,
      stream_id: 9,
      stream_type: 'vod',
      value: 1234.5,
      data: { probe, origin_url: 'https://tv.example/é', extras: { n: null, list: [1, 'x'] } },
    };
    const empty: RawRow = {
      received_at: new Date(at.getTime() + 1),
      channel_id: t.demoChannelId,
      kind: RAW_KIND.session,
      name: null,
      session_uuid: null,
      video_view_uuid: null,
      user_id: null,
      stream_id: null,
      stream_type: null,
      value: null,
      data: { probe },
    };
    await repo.writeBatch([full, empty], rollUp([]));
    const rows = await t.database.db
      .selectFrom('analytics_raw')
      .selectAll()
      .where(sql<string>`data->>'probe'`, '=', probe)
      .orderBy('received_at')
      .execute();
    expect(
      rows.map((r) => ({ ...r, received_at: new Date(r.received_at), value: r.value })),
    ).toEqual([full, empty]);
  });
});
