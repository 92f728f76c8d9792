import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminGame, AdminGameOptions, AdminGamesPage, AuditEntry } from '@rudy/contracts';
import { createTestApp, OTHER_CHANNEL_KEY, type TestContext } from '../../../test/test-app.js';
import { adminUser, signedInUser } from '../../../test/test-users.js';

/* /api/admin/games: admins only, the contracts' validation, audit rows, and viewers see changes at once. */

let t: TestContext;
let admin: { apiKey: string; userId: number; email: string };
let options: AdminGameOptions;

beforeAll(async () => {
  // The listings cache is on, as in production: a change must still show at once.
  t = await createTestApp({ CATALOGUE_CACHE_MS: '60000' });
  admin = await adminUser(t);
  options = (await t.get('/api/admin/games/options', { api_key: admin.apiKey })).json();
});
afterAll(() => t?.close());

const game = () => ({
  name_en: 'Comets at Wolves',
  name_fr: 'Comets contre Wolves',
  starts_at: '2030-01-15T19:30',
  time_zone: 'America/Toronto',
  duration_minutes: 150,
  home_team_id: options.teams[0]!.id,
  away_team_id: options.teams[1]!.id,
  event_category_id: options.categories[0]!.id,
  location_id: options.locations[0]!.id,
  access_type: 'paid',
  price_cents: 1299,
});

const send = (
  method: 'POST' | 'PATCH',
  url: string,
  payload: Record<string, unknown>,
  key = admin.apiKey,
) => t.inject({ method, url, payload: { api_key: key, ...payload } });
const audit = async () =>
  (await t.get('/api/admin/audit', { api_key: admin.apiKey })).json<{ data: AuditEntry[] }>().data;

describe('who may change games', () => {
  it('401 anonymous, 403 for a viewer, on every call', async () => {
    const anonymous = await t.apiKey();
    const viewer = await signedInUser(t);
    for (const [key, status] of [
      [anonymous, 401],
      [viewer.apiKey, 403],
    ] as const) {
      for (const url of ['/api/admin/games', '/api/admin/games/options', '/api/admin/games/1']) {
        expect((await t.get(url, { api_key: key })).statusCode).toBe(status);
      }
      expect((await send('POST', '/api/admin/games', game(), key)).statusCode).toBe(status);
      expect((await send('PATCH', '/api/admin/games/1', game(), key)).statusCode).toBe(status);
      const del = await t.inject({
        method: 'DELETE',
        url: '/api/admin/games/1',
        query: { api_key: key },
      });
      expect(del.statusCode).toBe(status);
    }
  });

  it('an admin of another channel can neither see nor use this channel’s games and teams', async () => {
    const other = await adminUser(t, {
      channelId: t.otherChannelId,
      channelKey: OTHER_CHANNEL_KEY,
    });
    const mine = (await send('POST', '/api/admin/games', game())).json<AdminGame>();
    expect((await t.get(`/api/admin/games/${mine.id}`, { api_key: other.apiKey })).statusCode).toBe(
      404,
    );
    // This channel's teams are unknown to the other channel's games.
    const res = await send('POST', '/api/admin/games', game(), other.apiKey);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string> }>().errors.home_team_id).toBe('Unknown team');
  });
});

describe('validation', () => {
  it('refuses bad fields with the contracts’ messages and stores nothing', async () => {
    const total = async () =>
      (await t.get('/api/admin/games', { api_key: admin.apiKey })).json<AdminGamesPage>().meta
        .total;
    const before = await total();
    const bad = await send('POST', '/api/admin/games', {
      ...game(),
      name_en: '',
      starts_at: '2030-13-01 19:30',
      time_zone: 'Mars/Olympus',
      duration_minutes: 5,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: Record<string, string> }>().errors).toMatchObject({
      name_en: 'Field is required',
      starts_at: 'Use a date and time like 2026-01-31T19:30',
      time_zone: 'Unknown time zone',
      duration_minutes: 'Duration must be between 15 and 1440 minutes',
    });
    const same = await send('POST', '/api/admin/games', {
      ...game(),
      away_team_id: game().home_team_id,
    });
    expect(same.json<{ errors: Record<string, string> }>().errors).toEqual({
      away_team_id: 'Choose two different teams',
    });
    const unpriced = await send('POST', '/api/admin/games', { ...game(), price_cents: null });
    expect(unpriced.json<{ errors: Record<string, string> }>().errors).toEqual({
      price_cents: 'A paid game needs a price',
    });
    const cheap = await send('POST', '/api/admin/games', { ...game(), price_cents: 10 });
    expect(cheap.statusCode).toBe(400);
    const rink = await send('POST', '/api/admin/games', { ...game(), location_id: 2147483647 });
    expect(rink.json<{ errors: Record<string, string> }>().errors).toEqual({
      location_id: 'Unknown rink',
    });
    expect(await total()).toBe(before);
  });
});

describe('changes', () => {
  it('schedules a paid game in its time zone; a fresh viewer sees it and its price at once', async () => {
    const viewerKey = await t.apiKey();
    const listing = async () =>
      (
        await t.get('/api/events', {
          api_key: viewerKey,
          type: 'upcoming',
          sort_direction: 'desc',
          limit: '20',
        })
      ).json<{
        data: { id: number; access_type: string; event_utc_ts: string }[];
      }>().data;
    await listing(); // warm the listings cache

    const res = await send('POST', '/api/admin/games', game());
    expect(res.statusCode).toBe(200);
    const created = res.json<AdminGame>();
    expect(created).toMatchObject({
      starts_at: '2030-01-15T19:30',
      event_utc_ts: '2030-01-16T00:30:00.000Z',
      access_type: 'paid',
      price_cents: 1299,
      has_orders: false,
    });
    const seen = (await listing()).find((e) => e.id === created.id);
    expect(seen).toMatchObject({ access_type: 'paid', event_utc_ts: '2030-01-16T00:30:00.000Z' });

    const price = async () =>
      (
        await t.inject({
          method: 'POST',
          url: '/api/stripe/invoice-preview',
          payload: { api_key: viewerKey, event_id: created.id },
        })
      ).json<{ total_cents: number }>().total_cents;
    expect(await price()).toBe(1299);

    const repriced = await send('PATCH', `/api/admin/games/${created.id}`, {
      ...game(),
      price_cents: 1500,
    });
    expect(repriced.json<AdminGame>().price_cents).toBe(1500);
    expect(await price()).toBe(1500);

    // Made free: no longer for sale, the price is kept aside for its orders.
    const free = await send('PATCH', `/api/admin/games/${created.id}`, {
      ...game(),
      access_type: 'free',
      price_cents: null,
    });
    expect(free.json<AdminGame>()).toMatchObject({ access_type: 'free', price_cents: null });
    expect((await listing()).find((e) => e.id === created.id)?.access_type).toBe('free');

    const rows = (await audit()).filter((r) => r.entity === 'game' && r.entity_id === created.id);
    expect(rows.map((r) => r.action)).toEqual(['update', 'update', 'create']);
    expect(rows[1]?.summary).toBe('price_cents: 1299 → 1500');
    expect(rows[0]?.summary).toBe('access_type: paid → free; price_cents: 1500 → —');
    expect(rows[2]?.actor).toBe(admin.email);

    const gone = await t.inject({
      method: 'DELETE',
      url: `/api/admin/games/${created.id}`,
      query: { api_key: admin.apiKey },
    });
    expect(gone.statusCode).toBe(200);
    expect((await listing()).find((e) => e.id === created.id)).toBeUndefined();
    expect((await t.get(`/api/events/${created.id}`, { api_key: viewerKey })).statusCode).toBe(404);
    expect((await audit())[0]).toMatchObject({
      action: 'delete',
      entity: 'game',
      entity_id: created.id,
    });
  });

  it('a game that was sold is kept (409 in_use) and no audit row is written', async () => {
    const sold = await t.database.db
      .selectFrom('order_items as oi')
      .innerJoin('packages as p', 'p.id', 'oi.product_id')
      .select('p.event_id')
      .where('oi.channel_id', '=', t.demoChannelId)
      .where('p.event_id', 'is not', null)
      .executeTakeFirst();
    let eventId = sold?.event_id ?? null;
    if (eventId === null) {
      // No sale in the seed: record one on a new paid game.
      const g = (await send('POST', '/api/admin/games', game())).json<AdminGame>();
      const pkg = await t.database.db
        .selectFrom('packages')
        .select('id')
        .where('event_id', '=', g.id)
        .executeTakeFirstOrThrow();
      const buyer = await signedInUser(t);
      const order = await t.database.db
        .insertInto('orders')
        .values({
          channel_id: t.demoChannelId,
          user_id: buyer.userId,
          type: 'event',
          product_id: pkg.id,
          amount_cents: 1299,
          currency: 'CAD',
          provider: 'sandbox',
          idempotency_key: `test-${g.id}`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.database.db
        .insertInto('order_items')
        .values({
          channel_id: t.demoChannelId,
          order_id: order.id,
          item_type: 'event',
          product_type: 'package',
          product_id: pkg.id,
          amount_cents: 1299,
        })
        .execute();
      eventId = g.id;
    }
    const rowsBefore = (await audit()).length;
    expect(
      (await t.get(`/api/admin/games/${eventId}`, { api_key: admin.apiKey })).json<AdminGame>()
        .has_orders,
    ).toBe(true);
    const res = await t.inject({
      method: 'DELETE',
      url: `/api/admin/games/${eventId}`,
      query: { api_key: admin.apiKey },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ code: string }>().code).toBe('in_use');
    expect((await audit()).length).toBe(rowsBefore);
  });

  it('lists upcoming games soonest first and past games latest first', async () => {
    const upcoming = (
      await t.get('/api/admin/games', { api_key: admin.apiKey, limit: '100' })
    ).json<AdminGamesPage>();
    const past = (
      await t.get('/api/admin/games', { api_key: admin.apiKey, when: 'past', limit: '100' })
    ).json<AdminGamesPage>();
    const times = (p: AdminGamesPage) => p.data.map((g) => g.event_utc_ts);
    expect(times(upcoming)).toEqual([...times(upcoming)].sort());
    expect(times(past)).toEqual([...times(past)].sort().reverse());
    expect(upcoming.data.length + past.data.length).toBeGreaterThan(0);
  });
});
