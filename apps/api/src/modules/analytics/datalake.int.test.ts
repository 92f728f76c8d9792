import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, OTHER_CHANNEL_KEY, type TestContext } from '../../test/test-app.js';
import { signedInUser } from '../../test/test-users.js';
import { DatalakeViewingBodySchema } from '@rudy/contracts';
import { loadConfig } from '../../config.js';
import { createChannelDirectory } from './channel-directory.js';
import { createChannelDirectoryRepository } from './channel-directory.repository.js';
import { RAW_KIND, type RawRow } from './datalake-rows.js';
import { createDatalakeRepository, utcDay } from './datalake.repository.js';
import { createDatalakeService } from './datalake.service.js';
import { datalakeSettings } from './register-analytics.js';
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

/** A heartbeat with exactly the fields spec section 7 lists. */
const specViewing = (extra: Record<string, unknown> = {}) => ({
  viewing_time: 30,
  category: 'U18 AAA',
  sport: 'Hockey',
  gender: 'men',
  school: 'St. Brendan',
  league: 'NJHL',
  video_view_uuid: randomUUID(),
  stream_id: 7,
  stream_type: 'vod',
  ...extra,
});

const viewing = (extra: Record<string, unknown> = {}) =>
  specViewing({ profile: 'demo-hockey', origin_url: 'http://localhost:3000/watch/7', ...extra });

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
    const viewer = await signedInUser(t);
    const base = {
      profile: 'demo-hockey',
      session_uuid: session,
      user_id: viewer.userId,
      api_key: viewer.apiKey,
    };
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
    expect(stored).not.toContain(viewer.apiKey);
    expect(rows[2]?.data).toMatchObject({ extras: { status: 500, method: 'GET' } });
    expect(rows[1]?.user_id).toBe(viewer.userId);
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
    const spec = specViewing({ stream_id: 9, origin_url: 'https://other.example.test/watch/9' });
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

describe('who reported it: the API key’s user, never a claimed user id', () => {
  const event = (extra: Record<string, unknown>) =>
    post('/datalake/event/', {
      profile: 'demo-hockey',
      session_uuid: session,
      event: 'login',
      extras: { method: 'password' },
      ...extra,
    });
  const rowsOf = async (probe: string) =>
    (await rawRows(RAW_KIND.event)).filter(
      (r) => (r.data as { extras?: { probe?: string } }).extras?.probe === probe,
    );

  it('stores a user id claimed without a key apart, as no identity', async () => {
    const probe = randomUUID();
    expect((await event({ user_id: 1, extras: { probe } })).statusCode).toBe(200);
    await flush();
    const [row] = await rowsOf(probe);
    expect(row?.user_id).toBeNull();
    expect(row?.data).toMatchObject({ claimed_user_id: 1 });
  });

  it('counts the key’s user whatever user id the call claims', async () => {
    const viewer = await signedInUser(t);
    const probe = randomUUID();
    const res = await event({ user_id: 1, api_key: viewer.apiKey, extras: { probe } });
    expect(res.statusCode).toBe(200);
    await flush();
    const [row] = await rowsOf(probe);
    expect(row?.user_id).toBe(viewer.userId);
    expect(row?.data).toMatchObject({ claimed_user_id: 1 });
    expect(JSON.stringify(row)).not.toContain(viewer.apiKey);
  });

  it('takes an anonymous key, a dead key or another channel’s key as no user, not as a refusal', async () => {
    const anonymous = await t.apiKey();
    const elsewhere = await signedInUser(t, {
      channelId: t.otherChannelId,
      channelKey: OTHER_CHANNEL_KEY,
    });
    const probe = randomUUID();
    for (const api_key of [anonymous, 'A'.repeat(43), 'not a key', elsewhere.apiKey]) {
      const res = await event({ user_id: elsewhere.userId, api_key, extras: { probe } });
      expect(res.statusCode).toBe(200);
    }
    await flush();
    const rows = await rowsOf(probe);
    expect(rows.map((r) => r.user_id)).toEqual([null, null, null, null]);
  });

  it('applies to first frames too: the viewer counted is the key’s', async () => {
    const viewer = await signedInUser(t);
    const forged = randomUUID();
    const proven = randomUUID();
    const frame = (video_view_uuid: string, extra: Record<string, unknown>) =>
      post('/datalake/video/event/', {
        profile: 'demo-hockey',
        session_uuid: session,
        video_view_uuid,
        stream_id: 31,
        stream_type: 'vod',
        first_frame_ms: 700,
        ...extra,
      });
    expect((await frame(forged, { user_id: viewer.userId })).statusCode).toBe(200);
    expect((await frame(proven, { user_id: 1, api_key: viewer.apiKey })).statusCode).toBe(200);
    await flush();
    const rows = await rawRows(RAW_KIND.videoEvent);
    const byView = (v: string) => rows.find((r) => r.video_view_uuid === v);
    expect(byView(forged)?.user_id).toBeNull();
    expect(byView(proven)?.user_id).toBe(viewer.userId);
  });
});

describe('top pages: only this site’s paths', () => {
  it('keeps a visit to another host’s address, but never as a page', async () => {
    const planted = [
      '//evil.example/phish',
      '/\\evil.example',
      '/%2F%2Fevil.example',
      '/%2fevil.example/phish',
      '/%5Cevil.example',
      '/%252F%252Fevil.example',
      '/\t/evil.example',
      '/./\\evil.example',
    ];
    const probe = randomUUID();
    for (const path of planted) {
      const res = await post('/datalake/event/', {
        profile: 'demo-hockey',
        session_uuid: session,
        user_id: 1,
        event: 'visit_page',
        extras: { path, probe },
      });
      expect(res.statusCode).toBe(200);
    }
    // An origin_url whose own path is another host's address is no page either.
    await post('/datalake/event/', {
      profile: 'demo-hockey',
      session_uuid: session,
      event: 'visit_page',
      extras: { probe },
      origin_url: 'https://tv.example//evil.example/phish',
    });
    await flush();
    const rows = (await rawRows(RAW_KIND.event)).filter(
      (r) => (r.data as { extras?: { probe?: string } }).extras?.probe === probe,
    );
    expect(rows).toHaveLength(planted.length + 1);
    expect(rows.map((r) => (r.data as { path?: string }).path)).toEqual(rows.map(() => undefined));
    const pages = await t.database.db
      .selectFrom('analytics_daily_pages')
      .select('path')
      .where('path', 'like', '%evil%')
      .execute();
    expect(pages).toEqual([]);
  });
});

describe('the spec’s viewing heartbeat (no profile)', () => {
  /** The spec's heartbeat of a view, with the origin_url every payload gets (when given). */
  const spec = (view: string, stream_id: number, origin_url?: string) =>
    specViewing({
      video_view_uuid: view,
      stream_id,
      stream_type: 'live',
      ...(origin_url ? { origin_url } : {}),
    });
  const firstFrame = (profile: string, view: string, stream_id: number) =>
    post('/datalake/video/event/', {
      profile,
      session_uuid: session,
      video_view_uuid: view,
      stream_id,
      stream_type: 'live',
    });
  const watchedBy = (streamId: number) =>
    t.database.db
      .selectFrom('analytics_watch_hourly')
      .select(['channel_id', 'seconds'])
      .where('stream_id', '=', streamId)
      .execute();

  it('is filed under the channel of its view’s first frame, the origin aside', async () => {
    const view = randomUUID();
    expect((await firstFrame(OTHER_CHANNEL_KEY, view, 41)).statusCode).toBe(200);
    // A host no channel names (the default channel's) and then none at all.
    const a = await post('/datalake/video/viewing/', spec(view, 41, 'http://localhost:3000/'));
    const b = await post('/datalake/video/viewing/', spec(view, 41));
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    await flush();
    expect(await watchedBy(41)).toEqual([{ channel_id: t.otherChannelId, seconds: 60 }]);
  });

  it('without a view seen before, is filed under the channel the site serves at its origin', async () => {
    const res = await post(
      '/datalake/video/viewing/',
      spec(randomUUID(), 42, 'https://tv.unknown.example/watch/42'),
    );
    expect(res.statusCode).toBe(200);
    await flush();
    // DEFAULT_CHANNEL_KEY's channel: the one a host no channel names is served.
    expect(await watchedBy(42)).toEqual([{ channel_id: t.demoChannelId, seconds: 30 }]);
  });

  it('cannot move a view to another channel, by profile or by origin', async () => {
    const view = randomUUID();
    expect((await firstFrame('demo-hockey', view, 43)).statusCode).toBe(200);
    const byProfile = await post('/datalake/video/viewing/', {
      ...spec(view, 43),
      profile: OTHER_CHANNEL_KEY,
    });
    expect(byProfile.statusCode).toBe(400);
    expect(byProfile.json()).toMatchObject({
      code: 'validation_failed',
      errors: { video_view_uuid: 'a view of another channel' },
    });
    const byEvent = await firstFrame(OTHER_CHANNEL_KEY, view, 43);
    expect(byEvent.statusCode).toBe(400);
    const byOrigin = await post(
      '/datalake/video/viewing/',
      spec(view, 43, 'https://other.example.test/watch/43'),
    );
    expect(byOrigin.statusCode).toBe(200);
    await flush();
    expect(await watchedBy(43)).toEqual([{ channel_id: t.demoChannelId, seconds: 30 }]);
  });

  it('finds a view another ingest process (or this one before a restart) filed', async () => {
    const view = randomUUID();
    expect((await firstFrame(OTHER_CHANNEL_KEY, view, 44)).statusCode).toBe(200);
    await flush();
    // A second datalake on the same database, which has seen none of the view's calls.
    const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test' });
    const db = t.database.db;
    const fresh = createDatalakeService({
      repo: createDatalakeRepository(db),
      channels: createChannelDirectory(createChannelDirectoryRepository(db)),
      identify: () => null,
      defaultChannelKey: config.DEFAULT_CHANNEL_KEY,
      settings: datalakeSettings(config),
      log: t.app.log,
    });
    await fresh.viewing(DatalakeViewingBodySchema.parse(spec(view, 44, 'http://localhost/')));
    await fresh.close();
    expect(await watchedBy(44)).toEqual([{ channel_id: t.otherChannelId, seconds: 30 }]);
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
