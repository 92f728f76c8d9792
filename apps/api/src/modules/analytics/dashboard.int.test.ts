import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalyticsDashboardSchema, type AnalyticsDashboard } from '@rudy/contracts';
import { zonedDay } from '../../lib/zoned-day.js';
import { grantAccess } from '../../test/media-fixtures.js';
import { createTestApp, OTHER_CHANNEL_KEY, type TestContext } from '../../test/test-app.js';
import { adminUser, signedInUser } from '../../test/test-users.js';
import { createDatalakeRepository, utcDay } from './datalake.repository.js';

/* The channel's dashboard: admins only, and figures read from the rollups the datalake writes. */

let t: TestContext;
let admin: { apiKey: string; userId: number };
let today: string;
let games: { id: number; home: string; away: string }[];

const TZ = 'America/Toronto';

beforeAll(async () => {
  t = await createTestApp({ DATALAKE_FLUSH_MS: '600000', DATALAKE_BATCH_ROWS: '100000' });
  admin = await adminUser(t);
  today = zonedDay(new Date(), TZ);
  const rows = await t.database.db
    .selectFrom('events as e')
    .innerJoin('event_participants as h', (j) =>
      j.onRef('h.event_id', '=', 'e.id').on('h.is_home', '=', true),
    )
    .innerJoin('event_participants as a', (j) =>
      j.onRef('a.event_id', '=', 'e.id').on('a.is_home', '=', false),
    )
    .innerJoin('participants as hp', 'hp.id', 'h.participant_id')
    .innerJoin('participants as ap', 'ap.id', 'a.participant_id')
    .select(['e.id', 'hp.short_name as home', 'ap.short_name as away'])
    .where('e.channel_id', '=', t.demoChannelId)
    .orderBy('e.id')
    .limit(2)
    .execute();
  games = rows;
});
afterAll(() => t?.close());

const send = (url: string, payload: Record<string, unknown>) =>
  t.inject({ method: 'POST', url, payload }).then((res) => {
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  });

const dashboard = (apiKey: string, query: Record<string, string> = {}) =>
  t.get('/api/admin/analytics/dashboard', { api_key: apiKey, from: today, to: today, ...query });

describe('who may read it', () => {
  it('needs a signed-in admin of the channel: 401 anonymous, 403 for a viewer, forged headers or not', async () => {
    expect((await t.get('/api/admin/me')).statusCode).toBe(401);
    const anonymous = await t.apiKey();
    const anon = await t.get('/api/admin/me', { api_key: anonymous });
    expect(anon.statusCode).toBe(401);
    expect(anon.json<{ code: string }>().code).toBe('login_required');

    const viewer = await signedInUser(t);
    for (const url of ['/api/admin/me', '/api/admin/analytics/now']) {
      const res = await t.inject({
        method: 'GET',
        url,
        query: { api_key: viewer.apiKey },
        headers: { 'x-admin': 'true', 'x-user-role': 'admin', 'x-forwarded-user': 'admin' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json<{ code: string }>().code).toBe('forbidden');
    }
    // The check comes before validation: a viewer learns nothing about the query's shape.
    expect(
      (await t.get('/api/admin/analytics/dashboard', { api_key: viewer.apiKey })).statusCode,
    ).toBe(403);
  });

  it('an admin of another channel reads only their own channel', async () => {
    const other = await adminUser(t, {
      channelId: t.otherChannelId,
      channelKey: OTHER_CHANNEL_KEY,
    });
    const me = await t.get('/api/admin/me', { api_key: other.apiKey });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ channel: { key: OTHER_CHANNEL_KEY } });
    await send('/datalake/event/', {
      profile: 'demo-hockey',
      session_uuid: 'dashboard-isolation-1',
      event: 'visit_page',
      extras: { path: '/demo-only' },
    });
    await t.app.datalake!.flush();
    const res = await dashboard(other.apiKey);
    expect(res.statusCode).toBe(200);
    expect(res.json<AnalyticsDashboard>().top_pages).toEqual([]);
  });

  it('tells the console who is signed in and the channel’s clock and currency', async () => {
    const res = await t.get('/api/admin/me', { api_key: admin.apiKey });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      user: { id: admin.userId },
      channel: { key: 'demo-hockey', time_zone: TZ, currency: 'CAD' },
    });
  });
});

describe('the figures', () => {
  let data: AnalyticsDashboard;
  const [s1, s2, s3] = ['sess-one-000001', 'sess-two-000002', 'sess-three-0003'];

  beforeAll(async () => {
    const [g1, g2] = games;
    if (!g1 || !g2) throw new Error('the demo channel has no two-team games');
    const visit = (session: string, path: string) =>
      send('/datalake/event/', {
        profile: 'demo-hockey',
        session_uuid: session,
        event: 'visit_page',
        extras: { path },
        origin_url: `http://localhost/${path}`,
      });
    await visit(s1, '/');
    await visit(s1, '/schedule');
    await visit(s2, '/schedule');
    await visit(s3, '/watch/1');
    await send('/datalake/event/', {
      profile: 'demo-hockey',
      session_uuid: s2,
      user_id: 99,
      event: 'login',
      extras: { method: 'password' },
    });
    const fan = await signedInUser(t);
    const frame = (session: string, game: number, type: string, ms: number, signedIn = false) =>
      send('/datalake/video/event/', {
        profile: 'demo-hockey',
        session_uuid: session,
        video_view_uuid: randomUUID(),
        stream_id: game,
        stream_type: type,
        first_frame_ms: ms,
        ...(signedIn ? { user_id: fan.userId, api_key: fan.apiKey } : { user_id: null }),
      });
    // Four views by three viewers: a signed-in fan watches from two sessions.
    await frame(s1, g1.id, 'live', 450);
    await frame(s2, g1.id, 'live', 650, true);
    await frame(s3, g2.id, 'vod', 900, true);
    await frame(s3, g2.id, 'vod', 2_400);
    const watch = (game: number, type: string, seconds: number, sport: string, school: string) =>
      send('/datalake/video/viewing/', {
        profile: 'demo-hockey',
        viewing_time: seconds,
        video_view_uuid: randomUUID(),
        stream_id: game,
        stream_type: type,
        sport,
        school,
        category: 'U18',
      });
    await watch(g1.id, 'live', 30, 'Hockey', 'North');
    await watch(g1.id, 'live', 30, 'Hockey', 'North');
    await watch(g2.id, 'vod', 15, 'Hockey', 'South');
    // Revenue: a paid order today; a sign-up today (the viewers above were created today too).
    const buyer = await signedInUser(t);
    await grantAccess(t, buyer.userId, ['watch']);
    await t.app.datalake!.flush();

    // The dashboard reads rollups only: with today's raw rows gone, nothing changes.
    const repo = createDatalakeRepository(t.database.db);
    for (const p of await repo.partitions()) {
      if (p.day === utcDay(new Date())) await repo.dropPartition(p.name);
    }
    const res = await dashboard(admin.apiKey);
    expect(res.statusCode).toBe(200);
    data = AnalyticsDashboardSchema.parse(res.json());
  });

  it('counts views, unique viewers, watch time, visits, logins, sign-ups', () => {
    expect(data.time_zone).toBe(TZ);
    expect(data.currency).toBe('CAD');
    expect(data.totals).toMatchObject({
      views: 4,
      unique_viewers: 3,
      watch_seconds: 75,
      visits: 5,
      logins: 1,
      first_frame_samples: 4,
    });
    expect(data.totals.signups).toBeGreaterThanOrEqual(3);
    expect(data.daily).toEqual([
      { date: today, views: 4, unique_viewers: 3, watch_seconds: 75, visits: 5 },
    ]);
  });

  it('charts a single day hour by hour, in the channel’s hours', () => {
    // 24 hours, or 23/25 on the days the clocks change.
    expect(data.hourly.length).toBeGreaterThanOrEqual(23);
    expect(data.hourly.length).toBeLessThanOrEqual(25);
    const sum = (f: (h: (typeof data.hourly)[number]) => number) =>
      data.hourly.reduce((s, h) => s + f(h), 0);
    expect(sum((h) => h.views)).toBe(4);
    expect(sum((h) => h.watch_seconds)).toBe(75);
    expect(sum((h) => h.visits)).toBe(5);
    expect(Math.max(...data.hourly.map((h) => h.unique_viewers))).toBeLessThanOrEqual(3);
  });

  it('reads time to first frame percentiles from the histogram', () => {
    // 450, 650, 900, 2400 ms: the median falls in the 600–700 ms bucket, p95 in 2–2.5 s.
    expect(data.totals.first_frame_p50_ms).toBeGreaterThanOrEqual(600);
    expect(data.totals.first_frame_p50_ms).toBeLessThanOrEqual(700);
    expect(data.totals.first_frame_p95_ms).toBeGreaterThanOrEqual(2_000);
    expect(data.totals.first_frame_p95_ms).toBeLessThanOrEqual(2_500);
  });

  it('breaks watch time down by game (away @ home), team, sport and school', () => {
    const [g1, g2] = games as [(typeof games)[0], (typeof games)[0]];
    expect(data.watch_time.games).toEqual([
      { id: g1.id, name: `${g1.away} @ ${g1.home}`, seconds: 60, views: 2 },
      { id: g2.id, name: `${g2.away} @ ${g2.home}`, seconds: 15, views: 2 },
    ]);
    expect(data.watch_time.sports).toEqual([{ name: 'Hockey', seconds: 75 }]);
    expect(data.watch_time.schools).toEqual([
      { name: 'North', seconds: 60 },
      { name: 'South', seconds: 15 },
    ]);
    expect(
      data.watch_time.teams.map((x) => x.seconds).sort((a, b) => b - a)[0],
    ).toBeGreaterThanOrEqual(60);
    expect(data.watch_time.teams.length).toBeGreaterThanOrEqual(3);
  });

  it('lists top pages and revenue from paid orders', () => {
    expect(data.top_pages.slice(0, 2)).toEqual([
      { path: '/schedule', visits: 2 },
      { path: '/', visits: 1 },
    ]);
    expect(data.revenue).toEqual([{ currency: 'CAD', amount_cents: 100, orders: 1 }]);
  });

  it('filters live and VOD, and another day has nothing', async () => {
    const live = AnalyticsDashboardSchema.parse(
      (await dashboard(admin.apiKey, { stream: 'live' })).json(),
    );
    expect(live.totals).toMatchObject({ views: 2, unique_viewers: 2, watch_seconds: 60 });
    const vod = AnalyticsDashboardSchema.parse(
      (await dashboard(admin.apiKey, { stream: 'vod' })).json(),
    );
    expect(vod.totals).toMatchObject({ views: 2, unique_viewers: 2, watch_seconds: 15 });
    const lastYear = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
    const old = await dashboard(admin.apiKey, { from: lastYear, to: lastYear });
    expect(old.json<AnalyticsDashboard>().totals).toMatchObject({
      views: 0,
      visits: 0,
      signups: 0,
    });
  });

  it('refuses a reversed or too long range, and a date that does not exist', async () => {
    const queries: Record<string, string>[] = [
      { from: today, to: '2000-01-01' },
      { from: '2020-01-01', to: '2022-01-01' },
      { from: '2026-02-30', to: '2026-03-01' },
      { from: today, to: today, stream: 'radio' },
    ];
    const codes = await Promise.all(
      queries.map(async (q) => (await dashboard(admin.apiKey, q)).statusCode),
    );
    expect(codes).toEqual([400, 400, 400, 400]);
  });

  it('counts viewers now from heartbeats of the last 75 seconds', async () => {
    const res = await t.get('/api/admin/analytics/now', { api_key: admin.apiKey });
    expect(res.statusCode).toBe(200);
    // The four first frames and three heartbeats are seven views, all within the window.
    expect(res.json()).toMatchObject({ live: 4, vod: 3, total: 7 });
  });
});

describe('what visitors cannot plant', () => {
  let c: TestContext;
  let owner: { apiKey: string };
  let day: string;

  beforeAll(async () => {
    c = await createTestApp({ DATALAKE_FLUSH_MS: '600000', DATALAKE_BATCH_ROWS: '100000' });
    owner = await adminUser(c);
    day = zonedDay(new Date(), TZ);
  });
  afterAll(() => c?.close());

  const post = (url: string, payload: Record<string, unknown>) =>
    c.inject({ method: 'POST', url, payload }).then((res) => {
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    });
  const read = async () => {
    await c.app.datalake!.flush();
    const res = await c.get('/api/admin/analytics/dashboard', {
      api_key: owner.apiKey,
      from: day,
      to: day,
    });
    expect(res.statusCode).toBe(200);
    return AnalyticsDashboardSchema.parse(res.json());
  };

  it('counts a claimed user id as no viewer: only the API key’s user is one', async () => {
    const frame = (session: string, extra: Record<string, unknown>) =>
      post('/datalake/video/event/', {
        profile: 'demo-hockey',
        session_uuid: session,
        video_view_uuid: randomUUID(),
        stream_id: 5,
        stream_type: 'vod',
        first_frame_ms: 500,
        ...extra,
      });
    // One anonymous session claiming to be five different users...
    for (let id = 1; id <= 5; id++) await frame('forger-session-1', { user_id: id });
    // ...and one real viewer on two devices.
    const fan = await signedInUser(c);
    await frame('fan-phone-000001', { user_id: fan.userId, api_key: fan.apiKey });
    await frame('fan-laptop-00001', { user_id: fan.userId, api_key: fan.apiKey });
    const data = await read();
    expect(data.totals.views).toBe(7);
    expect(data.totals.unique_viewers).toBe(2);
  });

  it('lists only this site’s paths as top pages, old rollups of other hosts’ included', async () => {
    const planted = [
      '//evil.example/phish',
      '/\\evil.example',
      '/%2F%2Fevil.example',
      '/%5Cevil.example',
      '/%252F%252Fevil.example',
    ];
    for (const path of [...planted, '/schedule']) {
      await post('/datalake/event/', {
        profile: 'demo-hockey',
        session_uuid: 'page-visitor-01',
        user_id: 1,
        event: 'visit_page',
        extras: { path },
      });
    }
    // Rollups written before the ingest checked paths.
    await c.database.db
      .insertInto('analytics_daily_pages')
      .values(planted.map((path) => ({ channel_id: c.demoChannelId, day, path, visits: 50 })))
      .onConflict((oc) => oc.columns(['channel_id', 'day', 'path']).doNothing())
      .execute();
    const data = await read();
    expect(data.totals.visits).toBe(planted.length + 1);
    expect(data.top_pages).toEqual([{ path: '/schedule', visits: 1 }]);
  });
});
