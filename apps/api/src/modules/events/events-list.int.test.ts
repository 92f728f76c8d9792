import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EventLocationSchema,
  EventSchema,
  EventsPageSchema,
  ParticipantGroupSchema,
  ParticipantsPageSchema,
  type Event,
  type Participant,
} from '@rudy/contracts';
import { createTestApp, OTHER_CHANNEL_KEY, type TestContext } from '../../test/test-app.js';
import { signedInUser } from '../../test/test-users.js';

let t: TestContext;
let key: string;
let all: Event[];
let teams: Participant[];

const list = async (query: Record<string, string> = {}, apiKey = key) => {
  const res = await t.get('/api/events', { api_key: apiKey, limit: '100', ...query });
  expect(res.statusCode, res.body).toBe(200);
  return EventsPageSchema.parse(res.json());
};
const ids = (events: Event[]) => events.map((e) => e.id).sort((a, b) => a - b);
const teamOf = (id: number) => teams.find((p) => p.id === id);
const someTeam = (e: Event, test: (p: Participant) => boolean) =>
  e.participants.some((ep) => {
    const team = teamOf(ep.id);
    return team !== undefined && test(team);
  });

beforeAll(async () => {
  t = await createTestApp();
  key = await t.apiKey();
  all = (await list()).data;
  teams = ParticipantsPageSchema.parse(
    (await t.get('/api/participants', { api_key: key, no_limit: '1' })).json(),
  ).data;
});
afterAll(() => t.close());

describe('GET /events filters', () => {
  it('lists every event of the channel by default, oldest first', async () => {
    const page = await list({ limit: '20' });
    expect(page.meta).toEqual({ total: 40, offset: 0, limit: 20 });
    expect(all).toHaveLength(40);
    const starts = all.map((e) => Date.parse(e.event_utc_ts));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('by category (category_id or event_category_id) and by location (location_id or rink)', async () => {
    const category = all[0]?.event_category_id ?? 0;
    const expected = ids(all.filter((e) => e.event_category_id === category));
    expect(ids((await list({ category_id: String(category) })).data)).toEqual(expected);
    expect(ids((await list({ event_category_id: String(category) })).data)).toEqual(expected);

    const locations = z
      .array(EventLocationSchema)
      .parse((await t.get('/api/events-locations', { api_key: key })).json());
    for (const location of locations) {
      const atRink = ids(all.filter((e) => e.location_id === location.id));
      expect(ids((await list({ location_id: String(location.id) })).data)).toEqual(atRink);
      expect(ids((await list({ rink: String(location.id) })).data)).toEqual(atRink);
    }
  });

  it('by team (team or participant_id) and by school (group)', async () => {
    for (const team of teams) {
      const expected = ids(all.filter((e) => e.participants.some((p) => p.id === team.id)));
      expect(expected.length).toBeGreaterThan(0);
      expect(ids((await list({ team: String(team.id) })).data)).toEqual(expected);
      expect(ids((await list({ participant_id: String(team.id) })).data)).toEqual(expected);
    }
    const schools = z
      .array(ParticipantGroupSchema)
      .parse((await t.get('/api/participant-groups', { api_key: key })).json());
    for (const school of schools) {
      const expected = ids(
        all.filter((e) => someTeam(e, (p) => p.participant_group_id === school.id)),
      );
      expect(ids((await list({ group: String(school.id) })).data)).toEqual(expected);
    }
  });

  it('by team properties: sport, league, division, gender, together on one team', async () => {
    const cases: [Record<string, string>, (p: Participant) => boolean][] = [
      [{ sport: 'Hockey' }, (p) => p.properties.sport === 'Hockey'],
      [{ league: 'NJWHL' }, (p) => p.properties.league === 'NJWHL'],
      [{ division: 'U16' }, (p) => p.properties.division === 'U16'],
      [{ gender: 'women' }, (p) => p.properties.gender === 'women'],
      [
        { gender: 'men', division: 'U18' },
        (p) => p.properties.gender === 'men' && p.properties.division === 'U18',
      ],
    ];
    for (const [query, test] of cases) {
      const expected = ids(all.filter((e) => someTeam(e, test)));
      expect(expected.length, JSON.stringify(query)).toBeGreaterThan(0);
      expect(ids((await list(query)).data), JSON.stringify(query)).toEqual(expected);
    }
    expect((await list({ sport: 'Curling' })).meta.total).toBe(0);
  });

  it('by type and stream_status, derived from the clock', async () => {
    const live = await list({ type: 'live' });
    const upcoming = await list({ type: 'upcoming' });
    const finished = await list({ type: 'finished' });
    expect([live.meta.total, upcoming.meta.total, finished.meta.total]).toEqual([3, 22, 15]);
    const now = Date.now();
    for (const e of live.data) {
      expect(e).toMatchObject({ type: 'live', stream_status: 'live' });
      expect(Date.parse(e.event_utc_ts)).toBeLessThanOrEqual(now);
      expect(Date.parse(e.end_utc_ts)).toBeGreaterThan(now);
    }
    for (const e of upcoming.data)
      expect(e).toMatchObject({ type: 'upcoming', stream_status: null });
    for (const e of finished.data)
      expect(e).toMatchObject({ type: 'finished', stream_status: 'vod' });
    expect(ids((await list({ stream_status: 'live' })).data)).toEqual(ids(live.data));
    expect(ids((await list({ stream_status: 'vod' })).data)).toEqual(ids(finished.data));
    expect(ids((await list({ stream_status: 'vod', type: 'finished' })).data)).toEqual(
      ids(finished.data),
    );
    // Contradictory: nothing is both upcoming and on demand.
    expect(await list({ stream_status: 'vod', type: 'upcoming' })).toMatchObject({
      data: [],
      meta: { total: 0 },
    });
  });

  it('by date range: dates are whole UTC days, date-times are exact and inclusive', async () => {
    const sample = all[10];
    if (!sample) throw new Error('demo seed has 40 events');
    const day = sample.event_utc_ts.slice(0, 10);
    const onDay = ids(all.filter((e) => e.event_utc_ts.startsWith(day)));
    expect(ids((await list({ start_date: day, end_date: day })).data)).toEqual(onDay);
    const exact = await list({ start_date: sample.event_utc_ts, end_date: sample.event_utc_ts });
    expect(ids(exact.data)).toEqual(ids(all.filter((e) => e.event_utc_ts === sample.event_utc_ts)));
    const after = await list({ start_date: sample.event_utc_ts });
    expect(ids(after.data)).toEqual(ids(all.filter((e) => e.event_utc_ts >= sample.event_utc_ts)));
    const before = await list({ end_date: day });
    expect(ids(before.data)).toEqual(ids(all.filter((e) => e.event_utc_ts.slice(0, 10) <= day)));
    // An offset is honoured: 19:00-05:00 is midnight UTC the next day.
    const shifted = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);
    const fromOffset = await list({ start_date: `${day}T19:00:00-05:00` });
    expect(ids(fromOffset.data)).toEqual(
      ids(all.filter((e) => Date.parse(e.event_utc_ts) >= shifted.getTime())),
    );
  });

  it('by text search: word starts of the event name or a team name, any case', async () => {
    const wolves = ids(all.filter((e) => e.name.includes('Wolves')));
    expect(ids((await list({ search: 'wolv' })).data)).toEqual(wolves);
    expect(ids((await list({ search: 'WOLVES' })).data)).toEqual(wolves);
    // 'Lakeshore' is only in the teams' full names (Lakeshore Wolves, Lakeshore Lynx).
    const lakeshore = ids(all.filter((e) => e.name.includes('Wolves') || e.name.includes('Lynx')));
    expect(ids((await list({ search: 'Lakeshore' })).data)).toEqual(lakeshore);
    const both = ids(all.filter((e) => e.name.includes('Wolves') && e.name.includes('Knights')));
    expect(ids((await list({ search: 'wolves knights' })).data)).toEqual(both);
    expect((await list({ search: 'zamboni' })).meta.total).toBe(0);
    expect((await list({ search: "o'; drop table events; --" })).meta.total).toBe(0);
  });

  it("by text search: the rink's name or city", async () => {
    const locations = z
      .array(EventLocationSchema)
      .parse((await t.get('/api/events-locations', { api_key: key })).json());
    const inKingston = locations.filter((l) => l.city === 'Kingston').map((l) => l.id);
    const expected = ids(all.filter((e) => inKingston.includes(e.location_id ?? -1)));
    expect(expected.length).toBeGreaterThan(0);
    // Games whose names or teams mention the city would be found too: none in the demo.
    expect(ids((await list({ search: 'kingston' })).data)).toEqual(expected);
    const harbour = locations.find((l) => l.name.startsWith('Harbourfront'));
    expect(ids((await list({ search: 'harbourfront' })).data)).toEqual(
      ids(all.filter((e) => e.location_id === harbour?.id)),
    );
  });
});

describe('GET /events sorting and pagination', () => {
  it('sorts by date or name, either way, ties broken by id', async () => {
    const byDateDesc = (await list({ sort_direction: 'desc' })).data.map((e) => e.id);
    expect(byDateDesc).toEqual(all.map((e) => e.id).reverse());
    const byName = (await list({ sort_field: 'name' })).data;
    const keyOf = (e: Event) => [e.name, e.id] as const;
    const sorted = [...byName].sort((a, b) => {
      const [na, ia] = keyOf(a);
      const [nb, ib] = keyOf(b);
      return na === nb ? ia - ib : na < nb ? -1 : 1;
    });
    expect(byName.map((e) => e.name)).toEqual(sorted.map((e) => e.name));
    const byNameDesc = (await list({ sort_field: 'name', sort_direction: 'desc' })).data;
    expect(byNameDesc.map((e) => e.id)).toEqual(byName.map((e) => e.id).reverse());
  });

  it('pages without gaps or repeats, and reports the total', async () => {
    const seen: number[] = [];
    for (let offset = 0; offset < 40; offset += 7) {
      const page = await list({ offset: String(offset), limit: '7', sort_field: 'name' });
      expect(page.meta).toEqual({ total: 40, offset, limit: 7 });
      seen.push(...page.data.map((e) => e.id));
    }
    expect(seen).toHaveLength(40);
    expect(new Set(seen).size).toBe(40);
    const past = await list({ offset: '1000', limit: '10' });
    expect(past).toEqual({ data: [], meta: { total: 40, offset: 1000, limit: 10 } });
    expect((await list({ limit: '100' })).data).toHaveLength(40);
    const defaults = EventsPageSchema.parse((await t.get('/api/events', { api_key: key })).json());
    expect(defaults.meta).toEqual({ total: 40, offset: 0, limit: 20 });
  });
});

describe('GET /events/{id} and access', () => {
  it('returns one event with its participants, named away @ home', async () => {
    const first = all[0];
    const res = await t.get(`/api/events/${first?.id}`, { api_key: key });
    expect(res.statusCode).toBe(200);
    const event = EventSchema.parse(res.json());
    expect(event).toEqual(first);
    const away = event.participants.find((p) => !p.is_home);
    const home = event.participants.find((p) => p.is_home);
    expect(event.name).toBe(`${away?.short_name} @ ${home?.short_name}`);
    expect(event.home_participant_id).toBe(home?.id);
  });

  it("answers 404 for another channel's event and for a missing one, without telling which", async () => {
    const otherKey = await t.apiKey(OTHER_CHANNEL_KEY);
    const theirs = (await list({}, otherKey)).data[0];
    const foreign = await t.get(`/api/events/${theirs?.id}`, { api_key: key });
    const missing = await t.get('/api/events/987654', { api_key: key });
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    // Another channel's team or category filters match nothing here.
    const theirTeam = theirs?.participants[0]?.id;
    expect((await list({ team: String(theirTeam) })).meta.total).toBe(0);
    expect(ids((await list({}, otherKey)).data).some((id) => ids(all).includes(id))).toBe(false);
  });

  it('grants free events to everyone and register events to signed-in users; paid and ppv to nobody yet', async () => {
    const user = await signedInUser(t);
    const mine = (await list({}, user.apiKey)).data;
    for (const e of all) expect(e.has_access).toBe(e.access_type === 'free');
    for (const e of mine) {
      expect(e.has_access).toBe(e.access_type === 'free' || e.access_type === 'register');
    }
    expect(new Set(all.map((e) => e.access_type))).toEqual(
      new Set(['free', 'register', 'paid', 'ppv']),
    );
  });

  it('answers in the language asked', async () => {
    const fr = await list({ lang: 'fr' });
    const en = await list({ lang: 'en' });
    const withText = (p: typeof en) => p.data.find((e) => e.description)?.description;
    expect(withText(fr)).not.toBe(withText(en));
  });
});
