import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EventCategorySchema,
  EventLocationSchema,
  EventsPageSchema,
  FavoriteSchema,
  ParticipantGroupSchema,
  ParticipantsPageSchema,
  type Event,
  type Participant,
} from '@rudy/contracts';
import { createTestApp, OTHER_CHANNEL_KEY, type TestContext } from '../../test/test-app.js';
import { signedInUser } from '../../test/test-users.js';

let t: TestContext;
let anonymous: string;
let teams: Participant[];
let schools: z.infer<typeof ParticipantGroupSchema>[];
let categories: z.infer<typeof EventCategorySchema>[];
let allEvents: Event[];
let rinks: z.infer<typeof EventLocationSchema>[];

const LOGIN = { code: 'login_required', message: 'user must be logged in' };
const typeMessage = (v: string) =>
  `Field favoritable_type must be equal one of participant, group, category, favorite_event, event_location, but it's ${v}`;

const add = (apiKey: string, body: Record<string, unknown>) =>
  t.inject({ method: 'POST', url: '/api/favorite', payload: { api_key: apiKey, ...body } });
const remove = (apiKey: string, id: number | string) =>
  t.inject({ method: 'DELETE', url: `/api/favorite/${id}`, query: { api_key: apiKey } });
const favorites = async (apiKey: string, lang = 'en') => {
  const res = await t.get('/api/favorites', { api_key: apiKey, lang });
  expect(res.statusCode, res.body).toBe(200);
  return z.array(FavoriteSchema).parse(res.json());
};
const favoriteEvents = async (apiKey: string, query: Record<string, string> = {}) => {
  const res = await t.get('/api/events/favorite', { api_key: apiKey, limit: '100', ...query });
  expect(res.statusCode, res.body).toBe(200);
  return EventsPageSchema.parse(res.json());
};
const ids = (events: Event[]) => events.map((e) => e.id).sort((a, b) => a - b);

beforeAll(async () => {
  t = await createTestApp();
  anonymous = await t.apiKey();
  const q = { api_key: anonymous };
  teams = ParticipantsPageSchema.parse(
    (await t.get('/api/participants', { ...q, no_limit: '1' })).json(),
  ).data;
  schools = z
    .array(ParticipantGroupSchema)
    .parse((await t.get('/api/participant-groups', q)).json());
  categories = z
    .array(EventCategorySchema)
    .parse((await t.get('/api/events-categories', q)).json());
  allEvents = EventsPageSchema.parse(
    (await t.get('/api/events', { ...q, limit: '100' })).json(),
  ).data;
  rinks = z.array(EventLocationSchema).parse((await t.get('/api/events-locations', q)).json());
});
afterAll(() => t.close());

describe('favourites need a signed-in user', () => {
  it("answers 401 'user must be logged in' to an anonymous key, before looking at fields", async () => {
    const calls = [
      t.get('/api/favorites', { api_key: anonymous }),
      t.get('/api/events/favorite', { api_key: anonymous, limit: '5000' }),
      add(anonymous, { favoritable_type: 'participant', favoritable_id: teams[0]?.id }),
      add(anonymous, { favoritable_type: 'team' }),
      remove(anonymous, 1),
      remove(anonymous, 'abc'),
      t.inject({ method: 'DELETE', url: '/api/favorite', query: { api_key: anonymous } }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(LOGIN);
    }
  });
});

describe('POST /favorite', () => {
  it("rejects a wrong favoritable_type with the spec's text, naming the value", async () => {
    const { apiKey } = await signedInUser(t);
    const cases: [unknown, string][] = [
      ['team', 'team'],
      ['school', 'school'],
      ['', ''],
      ['Participant', 'Participant'],
      [42, '42'],
      [null, 'null'],
      [undefined, 'undefined'],
    ];
    for (const [value, shown] of cases) {
      const res = await add(apiKey, { favoritable_type: value, favoritable_id: teams[0]?.id });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'favoritable_type_invalid',
        message: typeMessage(shown),
        errors: { favoritable_type: typeMessage(shown) },
      });
    }
  });

  it("needs an id: 'id not selected' when missing, a field error when not an id", async () => {
    const { apiKey } = await signedInUser(t);
    for (const missing of [{}, { favoritable_id: null }, { favoritable_id: '' }]) {
      const res = await add(apiKey, { favoritable_type: 'participant', ...missing });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'id_not_selected',
        message: 'id not selected',
        errors: { favoritable_id: 'id not selected' },
      });
    }
    for (const bad of ['abc', -1, 0, 1.5, 2 ** 31, true]) {
      const res = await add(apiKey, { favoritable_type: 'group', favoritable_id: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'validation_failed',
        errors: { favoritable_id: expect.any(String) },
      });
    }
    // Both wrong: the type's message leads, both fields are listed.
    const both = await add(apiKey, { favoritable_type: 'team' });
    expect(both.json()).toMatchObject({
      code: 'favoritable_type_invalid',
      errors: { favoritable_type: typeMessage('team'), favoritable_id: 'id not selected' },
    });
  });

  it('stores the short and long type names as the canonical ones, with names to show', async () => {
    const { apiKey } = await signedInUser(t);
    const team = teams[0];
    const school = schools[0];
    const category = categories[0];
    const cases = [
      ['participant', team?.id, 'participant', team?.name],
      ['group', school?.id, 'participant_group', school?.name],
      ['category', category?.id, 'event_category', category?.name],
    ] as const;
    for (const [type, id, stored, name] of cases) {
      const res = await add(apiKey, { favoritable_type: type, favoritable_id: id });
      expect(res.statusCode, res.body).toBe(200);
      expect(FavoriteSchema.parse(res.json())).toMatchObject({
        favoritable_type: stored,
        favoritable_id: id,
        name,
      });
    }
    const list = await favorites(apiKey);
    expect(list.map((f) => f.favoritable_type)).toEqual([
      'participant',
      'participant_group',
      'event_category',
    ]);
    expect(list[0]).toMatchObject({ short_name: team?.short_name, logo: team?.images.logo });
    expect(list[1]).toMatchObject({ short_name: null, logo: school?.image });
    expect(list[2]).toMatchObject({ short_name: null, logo: category?.image_url });
    const fr = await favorites(apiKey, 'fr');
    expect(fr[2]?.name).not.toBe(list[2]?.name);
    // The long names GET /favorites returns are accepted back, and ids may come from a form.
    const long = await add(apiKey, {
      favoritable_type: 'participant_group',
      favoritable_id: String(schools[1]?.id),
    });
    expect(long.json()).toMatchObject({ favoritable_type: 'participant_group' });
    const sport = await add(apiKey, {
      favoritable_type: 'event_category',
      favoritable_id: categories[1]?.id,
    });
    expect(sport.statusCode).toBe(200);
  });

  it('is idempotent: adding twice returns the existing favourite', async () => {
    const { apiKey } = await signedInUser(t);
    const body = { favoritable_type: 'participant', favoritable_id: teams[2]?.id };
    const first = FavoriteSchema.parse((await add(apiKey, body)).json());
    const second = await add(apiKey, { ...body, favoritable_id: String(teams[2]?.id) });
    expect(second.statusCode).toBe(200);
    expect(FavoriteSchema.parse(second.json())).toEqual(first);
    expect(await favorites(apiKey)).toEqual([first]);
  });

  it("answers 404 for an id that does not exist in the caller's channel", async () => {
    const { apiKey } = await signedInUser(t);
    const otherKey = await t.apiKey(OTHER_CHANNEL_KEY);
    const theirTeams = ParticipantsPageSchema.parse(
      (await t.get('/api/participants', { api_key: otherKey, no_limit: '1' })).json(),
    ).data;
    const cases = [
      ['participant', 987_654, 'Participant not found'],
      ['participant', theirTeams[0]?.id, 'Participant not found'],
      ['group', 987_654, 'Participant group not found'],
      ['category', 987_654, 'Event category not found'],
    ] as const;
    for (const [type, id, message] of cases) {
      const res = await add(apiKey, { favoritable_type: type, favoritable_id: id });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'not_found', message });
    }
    expect(await favorites(apiKey)).toEqual([]);
  });
});

describe('DELETE /favorite/{id}', () => {
  it("deletes the caller's own favourite, and only theirs", async () => {
    const alice = await signedInUser(t);
    const bob = await signedInUser(t);
    const body = { favoritable_type: 'participant', favoritable_id: teams[1]?.id };
    const fav = FavoriteSchema.parse((await add(alice.apiKey, body)).json());

    const byBob = await remove(bob.apiKey, fav.id);
    expect(byBob.statusCode).toBe(404);
    expect(byBob.json()).toEqual({ code: 'not_found', message: 'Favorite not found' });
    expect(await favorites(alice.apiKey)).toHaveLength(1);

    const otherChannel = await signedInUser(t, {
      channelId: t.otherChannelId,
      channelKey: OTHER_CHANNEL_KEY,
    });
    expect((await remove(otherChannel.apiKey, fav.id)).statusCode).toBe(404);

    const mine = await remove(alice.apiKey, fav.id);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ id: fav.id, deleted: true });
    expect(await favorites(alice.apiKey)).toEqual([]);
    expect((await remove(alice.apiKey, fav.id)).statusCode).toBe(404);
  });

  it("needs an id: 'id not selected' without one, a field error for a bad one", async () => {
    const { apiKey } = await signedInUser(t);
    const none = await t.inject({
      method: 'DELETE',
      url: '/api/favorite',
      query: { api_key: apiKey },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ code: 'id_not_selected', message: 'id not selected' });
    for (const bad of ['abc', '0', '-2']) {
      const res = await remove(apiKey, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'validation_failed',
        errors: { id: expect.any(String) },
      });
    }
  });
});

describe('GET /events/favorite', () => {
  it('is empty without favourites', async () => {
    const { apiKey } = await signedInUser(t);
    expect(await favoriteEvents(apiKey)).toEqual({
      data: [],
      meta: { total: 0, offset: 0, limit: 100 },
    });
  });

  it('lists the events of favourite teams, of teams of favourite schools and of favourite sports', async () => {
    const { apiKey } = await signedInUser(t);
    const team = teams.find((p) => p.short_name === 'Wolves');
    const school = schools.find((s) => s.alias === 'rideau-valley-ss');
    const sport = categories.find((c) => c.alias === 'womens-hockey');
    const hasTeam = (e: Event, test: (p: Participant) => boolean) =>
      e.participants.some((ep) => {
        const p = teams.find((x) => x.id === ep.id);
        return p !== undefined && test(p);
      });

    await add(apiKey, { favoritable_type: 'participant', favoritable_id: team?.id });
    const ofTeam = ids(allEvents.filter((e) => hasTeam(e, (p) => p.id === team?.id)));
    expect(ids((await favoriteEvents(apiKey)).data)).toEqual(ofTeam);

    await add(apiKey, { favoritable_type: 'group', favoritable_id: school?.id });
    await add(apiKey, { favoritable_type: 'category', favoritable_id: sport?.id });
    const expected = ids(
      allEvents.filter(
        (e) =>
          e.event_category_id === sport?.id ||
          hasTeam(e, (p) => p.id === team?.id || p.participant_group_id === school?.id),
      ),
    );
    const page = await favoriteEvents(apiKey);
    expect(ids(page.data)).toEqual(expected);
    expect(page.meta.total).toBe(expected.length);

    // The spec's parameters narrow the same set.
    const vod = await favoriteEvents(apiKey, { stream_status: 'vod', sort_direction: 'desc' });
    expect(vod.data.every((e) => e.stream_status === 'vod')).toBe(true);
    const starts = vod.data.map((e) => Date.parse(e.event_utc_ts));
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
    const upcoming = await favoriteEvents(apiKey, { type: 'upcoming', offset: '1', limit: '2' });
    expect(upcoming.data).toHaveLength(2);
    expect(upcoming.meta).toMatchObject({ offset: 1, limit: 2 });
    const first = page.data[0]?.event_utc_ts ?? '';
    const ranged = await favoriteEvents(apiKey, { start_date: first, end_date: first });
    expect(ranged.data.every((e) => e.event_utc_ts === first)).toBe(true);
    const bad = await t.get('/api/events/favorite', { api_key: apiKey, sort_field: 'x' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('games and rinks (favorite_event, event_location: spec section 3)', () => {
  const game = () => allEvents.find((e) => e.participants.length === 2 && e.image_url !== null);
  const rink = () => rinks.find((l) => allEvents.some((e) => e.location_id === l.id));

  it('adds, lists and removes a favourite game and a favourite rink', async () => {
    const { apiKey } = await signedInUser(t);
    const g = game();
    const r = rink();
    expect(g?.name).toMatch(/ @ /);
    const addedGame = await add(apiKey, {
      favoritable_type: 'favorite_event',
      favoritable_id: g?.id,
    });
    expect(addedGame.statusCode, addedGame.body).toBe(200);
    // The game's name as the listings show it ('away @ home'), and its picture.
    expect(FavoriteSchema.parse(addedGame.json())).toMatchObject({
      favoritable_type: 'favorite_event',
      favoritable_id: g?.id,
      name: g?.name,
      short_name: null,
      logo: g?.image_url,
    });
    const addedRink = await add(apiKey, {
      favoritable_type: 'event_location',
      favoritable_id: String(r?.id),
    });
    expect(addedRink.statusCode, addedRink.body).toBe(200);
    expect(FavoriteSchema.parse(addedRink.json())).toMatchObject({
      favoritable_type: 'event_location',
      favoritable_id: r?.id,
      name: r?.name,
      logo: null,
    });
    const list = await favorites(apiKey);
    expect(list.map((f) => [f.favoritable_type, f.favoritable_id])).toEqual([
      ['favorite_event', g?.id],
      ['event_location', r?.id],
    ]);
    for (const f of list) {
      const res = await remove(apiKey, f.id);
      expect(res.json()).toEqual({ id: f.id, deleted: true });
    }
    expect(await favorites(apiKey)).toEqual([]);
  });

  it('is idempotent for games and rinks', async () => {
    const { apiKey } = await signedInUser(t);
    for (const body of [
      { favoritable_type: 'favorite_event', favoritable_id: game()?.id },
      { favoritable_type: 'event_location', favoritable_id: rink()?.id },
    ]) {
      const first = FavoriteSchema.parse((await add(apiKey, body)).json());
      const again = await add(apiKey, body);
      expect(again.statusCode).toBe(200);
      expect(FavoriteSchema.parse(again.json())).toEqual(first);
    }
    expect(await favorites(apiKey)).toHaveLength(2);
  });

  it("refuses another channel's game or rink, unknown ids and bad ids", async () => {
    const { apiKey } = await signedInUser(t);
    const otherKey = await t.apiKey(OTHER_CHANNEL_KEY);
    const theirGames = EventsPageSchema.parse(
      (await t.get('/api/events', { api_key: otherKey, limit: '5' })).json(),
    ).data;
    const theirRinks = z
      .array(EventLocationSchema)
      .parse((await t.get('/api/events-locations', { api_key: otherKey })).json());
    expect(theirGames.length).toBeGreaterThan(0);
    expect(theirRinks.length).toBeGreaterThan(0);
    const cases = [
      ['favorite_event', theirGames[0]?.id, 'Event not found'],
      ['favorite_event', 987_654, 'Event not found'],
      ['event_location', theirRinks[0]?.id, 'Location not found'],
      ['event_location', 987_654, 'Location not found'],
    ] as const;
    for (const [type, id, message] of cases) {
      const res = await add(apiKey, { favoritable_type: type, favoritable_id: id });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'not_found', message });
    }
    for (const type of ['favorite_event', 'event_location']) {
      const res = await add(apiKey, { favoritable_type: type, favoritable_id: 'abc' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
      const none = await add(apiKey, { favoritable_type: type });
      expect(none.json()).toMatchObject({ code: 'id_not_selected' });
    }
    // Neither spelling of the spec's other names is a type of its own.
    for (const other of ['event', 'location', 'favorite_location']) {
      const res = await add(apiKey, { favoritable_type: other, favoritable_id: 1 });
      expect(res.json()).toMatchObject({ code: 'favoritable_type_invalid' });
    }
    expect(await favorites(apiKey)).toEqual([]);
  });

  it('hides an unpublished game: refused, and no longer listed', async () => {
    const { apiKey } = await signedInUser(t);
    const g = allEvents.at(-1);
    const body = { favoritable_type: 'favorite_event', favoritable_id: g?.id };
    expect((await add(apiKey, body)).statusCode).toBe(200);
    const publish = (published: boolean) =>
      t.database.db
        .updateTable('events')
        .set({ published })
        .where('id', '=', g?.id ?? 0)
        .execute();
    await publish(false);
    try {
      expect(await favorites(apiKey)).toEqual([]);
      const res = await add(apiKey, body);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'not_found', message: 'Event not found' });
    } finally {
      await publish(true);
    }
    expect(await favorites(apiKey)).toHaveLength(1);
  });

  it("lists a favourite game and its rink's games under /events/favorite", async () => {
    const { apiKey } = await signedInUser(t);
    const g = game();
    await add(apiKey, { favoritable_type: 'favorite_event', favoritable_id: g?.id });
    expect(ids((await favoriteEvents(apiKey)).data)).toEqual([g?.id]);
    const r = rink();
    await add(apiKey, { favoritable_type: 'event_location', favoritable_id: r?.id });
    const expected = ids(allEvents.filter((e) => e.id === g?.id || e.location_id === r?.id));
    expect(expected.length).toBeGreaterThan(1);
    expect(ids((await favoriteEvents(apiKey)).data)).toEqual(expected);
  });
});
