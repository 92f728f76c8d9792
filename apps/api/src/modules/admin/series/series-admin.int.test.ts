import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminGame,
  AdminGameOptions,
  AdminGamesPage,
  AdminSeriesResult,
  AuditEntry,
} from '@rudy/contracts';
import { createTestApp, OTHER_CHANNEL_KEY, type TestContext } from '../../../test/test-app.js';
import { adminUser, signedInUser } from '../../../test/test-users.js';

/*
 * /api/admin/series: a season's recurring games made, changed and cancelled as a whole, each game
 * audited; a game edited on its own is left alone by its series unless asked; DST-correct times.
 */

let t: TestContext;
let admin: { apiKey: string };
let options: AdminGameOptions;

beforeAll(async () => {
  t = await createTestApp({ CATALOGUE_CACHE_MS: '60000' });
  admin = await adminUser(t);
  options = (await t.get('/api/admin/games/options', { api_key: admin.apiKey })).json();
});
afterAll(() => t?.close());

// Sundays in March 2030 at 19:00 in Toronto: EST until the 10th, EDT after it.
const series = (over: Record<string, unknown> = {}) => ({
  name_en: 'Wolves @ Comets — Sunday night',
  name_fr: '',
  weekdays: [0],
  start_time: '19:00',
  first_date: '2030-03-03',
  last_date: '2030-03-24',
  time_zone: 'America/Toronto',
  duration_minutes: 120,
  home_team_id: options.teams[0]!.id,
  away_team_id: options.teams[1]!.id,
  event_category_id: null,
  location_id: null,
  access_type: 'free',
  price_cents: null,
  ...over,
});

const send = (method: 'POST' | 'PATCH', url: string, payload: object, key = admin.apiKey) =>
  t.inject({ method, url, payload: { api_key: key, ...payload } });
const gamesOf = async (seriesId: number) =>
  (await t.get('/api/admin/games', { api_key: admin.apiKey, limit: '100' }))
    .json<AdminGamesPage>()
    .data.filter((g) => g.series_id === seriesId)
    .sort((a, b) => a.event_utc_ts.localeCompare(b.event_utc_ts));
const errorsOf = (res: LightMyRequestResponse) =>
  res.json<{ errors: Record<string, string> }>().errors;

describe('who may use series', () => {
  it('401 anonymous, 403 for a viewer, 404 for another channel’s admin', async () => {
    const made = (
      await send(
        'POST',
        '/api/admin/series',
        series({ first_date: '2030-09-01', last_date: '2030-09-08' }),
      )
    ).json<AdminSeriesResult>();
    const id = made.series!.id;
    const anonymous = await t.apiKey();
    const viewer = await signedInUser(t);
    for (const [key, status] of [
      [anonymous, 401],
      [viewer.apiKey, 403],
    ] as const) {
      expect((await t.get('/api/admin/series', { api_key: key })).statusCode).toBe(status);
      expect((await send('POST', '/api/admin/series', series(), key)).statusCode).toBe(status);
      expect((await send('PATCH', `/api/admin/series/${id}`, series(), key)).statusCode).toBe(
        status,
      );
    }
    const other = await adminUser(t, {
      channelId: t.otherChannelId,
      channelKey: OTHER_CHANNEL_KEY,
    });
    expect((await t.get(`/api/admin/series/${id}`, { api_key: other.apiKey })).statusCode).toBe(
      404,
    );
    const del = await t.inject({
      method: 'DELETE',
      url: `/api/admin/series/${id}`,
      query: { api_key: other.apiKey },
    });
    expect(del.statusCode).toBe(404);
    // This channel's teams are unknown to the other channel.
    const res = await send('POST', '/api/admin/series', series(), other.apiKey);
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res).home_team_id).toBe('Unknown team');
  });
});

describe('bad series are refused with the field and its message', () => {
  it('end before start, too many games, no day, no game on those days, bad time and date', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ last_date: '2030-02-01' }, 'last_date', 'The last day is before the first'],
      [
        { weekdays: [0, 1, 2, 3, 4, 5, 6], last_date: '2030-12-31' },
        'last_date',
        'At most 100 games in a series',
      ],
      [{ weekdays: [] }, 'weekdays', 'Choose at least one day of the week'],
      [
        { weekdays: [1], first_date: '2030-03-03', last_date: '2030-03-03' },
        'weekdays',
        'No game falls between these dates on these days',
      ],
      [{ start_time: '25:00' }, 'start_time', 'Use a time like 19:00'],
      [{ first_date: '2030-02-30' }, 'first_date', 'Use a date like 2027-01-31'],
      [{ time_zone: 'Mars/Olympus' }, 'time_zone', 'Unknown time zone'],
      [{ away_team_id: options.teams[0]!.id }, 'away_team_id', 'Choose two different teams'],
      [{ access_type: 'paid', price_cents: null }, 'price_cents', 'A paid game needs a price'],
    ];
    for (const [over, field, message] of cases) {
      const res = await send('POST', '/api/admin/series', series(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(errorsOf(res)[field], JSON.stringify(over)).toBe(message);
    }
  });
});

describe('a series of four games', () => {
  let id: number;
  let games: AdminGame[];

  it('makes one game per Sunday at 19:00 Toronto time, across the DST change', async () => {
    const res = await send('POST', '/api/admin/series', series());
    expect(res.statusCode).toBe(200);
    const made = res.json<AdminSeriesResult>();
    expect(made.created).toBe(4);
    id = made.series!.id;
    expect(made.series).toMatchObject({
      games: 4,
      detached: 0,
      weekdays: [0],
      start_time: '19:00',
    });
    games = await gamesOf(id);
    expect(games.map((g) => g.starts_at)).toEqual([
      '2030-03-03T19:00',
      '2030-03-10T19:00',
      '2030-03-17T19:00',
      '2030-03-24T19:00',
    ]);
    expect(games.map((g) => g.event_utc_ts)).toEqual([
      '2030-03-04T00:00:00.000Z', // EST, UTC-5
      '2030-03-10T23:00:00.000Z', // EDT, UTC-4
      '2030-03-17T23:00:00.000Z',
      '2030-03-24T23:00:00.000Z',
    ]);
    expect(games.every((g) => g.name_en === 'Wolves @ Comets — Sunday night')).toBe(true);
    // Viewers see each game with the name typed.
    const viewer = await t.apiKey();
    const event = (await t.get(`/api/events/${games[0]!.id}`, { api_key: viewer })).json<{
      name: string;
    }>();
    expect(event.name).toBe('Wolves @ Comets — Sunday night');
  });

  it('a second click on Create makes no second series', async () => {
    const res = await send('POST', '/api/admin/series', series());
    expect(res.statusCode).toBe(409);
    expect(await gamesOf(id)).toHaveLength(4);
  });

  it('a change to the series leaves a game edited on its own alone, unless asked', async () => {
    const own = games[1]!;
    const edited = await send('PATCH', `/api/admin/games/${own.id}`, {
      ...own,
      name_en: 'Pink in the rink',
      geo_countries: undefined,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<AdminGame>().series_detached).toBe(true);

    const res = await send('PATCH', `/api/admin/series/${id}`, series({ start_time: '18:30' }));
    expect(res.statusCode).toBe(200);
    expect(res.json<AdminSeriesResult>()).toMatchObject({
      updated: 3,
      kept: 1,
      created: 0,
      deleted: 0,
    });
    let now = await gamesOf(id);
    expect(now.map((g) => g.starts_at)).toEqual([
      '2030-03-03T18:30',
      '2030-03-10T19:00',
      '2030-03-17T18:30',
      '2030-03-24T18:30',
    ]);
    expect(now[1]!.name_en).toBe('Pink in the rink');

    const all = await send(
      'PATCH',
      `/api/admin/series/${id}`,
      series({ start_time: '18:30', include_detached: true }),
    );
    expect(all.json<AdminSeriesResult>()).toMatchObject({ updated: 4, kept: 0 });
    now = await gamesOf(id);
    expect(now[1]).toMatchObject({
      starts_at: '2030-03-10T18:30',
      name_en: 'Wolves @ Comets — Sunday night',
      series_detached: false,
    });
  });

  it('shortening the series deletes the days dropped, lengthening it adds games', async () => {
    const shorter = await send(
      'PATCH',
      `/api/admin/series/${id}`,
      series({ last_date: '2030-03-17' }),
    );
    expect(shorter.json<AdminSeriesResult>()).toMatchObject({ deleted: 1, updated: 3 });
    const longer = await send(
      'PATCH',
      `/api/admin/series/${id}`,
      series({ last_date: '2030-03-31' }),
    );
    expect(longer.json<AdminSeriesResult>()).toMatchObject({ created: 2, updated: 3 });
    expect((await gamesOf(id)).map((g) => g.starts_at.slice(0, 10))).toEqual([
      '2030-03-03',
      '2030-03-10',
      '2030-03-17',
      '2030-03-24',
      '2030-03-31',
    ]);
  });

  it('one of its games is cancelled on its own; cancelling the series removes the rest', async () => {
    const [first] = await gamesOf(id);
    const one = await t.inject({
      method: 'DELETE',
      url: `/api/admin/games/${first!.id}`,
      query: { api_key: admin.apiKey },
    });
    expect(one.statusCode).toBe(200);
    expect(await gamesOf(id)).toHaveLength(4);
    const cancel = await t.inject({
      method: 'DELETE',
      url: `/api/admin/series/${id}`,
      query: { api_key: admin.apiKey },
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json<AdminSeriesResult>()).toMatchObject({ series: null, deleted: 4, kept: 0 });
    expect(await gamesOf(id)).toHaveLength(0);
    expect((await t.get(`/api/admin/series/${id}`, { api_key: admin.apiKey })).statusCode).toBe(
      404,
    );
  });

  it('every change is in the audit log: the series and each of its games', async () => {
    const audit = async (entity: string) =>
      (await t.get('/api/admin/audit', { api_key: admin.apiKey, entity, limit: '100' })).json<{
        data: AuditEntry[];
      }>().data;
    const mine = (await audit('series')).filter((a) => a.entity_id === id);
    expect(mine.map((a) => a.action).sort()).toEqual([
      'create',
      'delete',
      'update',
      'update',
      'update',
      'update',
    ]);
    const made = (await audit('game')).filter(
      (a) => a.action === 'create' && games.some((g) => g.id === a.entity_id),
    );
    expect(made).toHaveLength(4);
  });
});
