import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventsPageSchema, ParticipantsPageSchema } from '@rudy/contracts';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/*
 * Game and team search forgives typos and accents, in English and French (issue 32, migration
 * 0033): on the schedule, live and on demand alike, since they are one listing's windows. The
 * names are this file's own, none of the demo's.
 */

let t: TestContext;
let key: string;
const HOUR_MS = 3_600_000;
/** Event ids by name. */
const games = new Map<string, number>();

async function team(name: string, shortName: string, alias: string) {
  const row = await t.database.db
    .insertInto('participants')
    .values({ channel_id: t.demoChannelId, name, short_name: shortName, alias })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function game(name: { en: string; fr: string }, teams: number[], startsInHours: number) {
  const row = await t.database.db
    .insertInto('events')
    .values({
      channel_id: t.demoChannelId,
      name: JSON.stringify(name),
      event_utc_ts: new Date(Date.now() + startsInHours * HOUR_MS),
      duration_minutes: 120,
      time_zone: 'America/Toronto',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.database.db
    .insertInto('event_participants')
    .values(
      teams.map((id, i) => ({
        channel_id: t.demoChannelId,
        event_id: row.id,
        participant_id: id,
        is_home: i === 0,
      })),
    )
    .execute();
  games.set(name.en, row.id);
}

const ids = (names: string[]) => names.map((n) => games.get(n)).sort();

async function search(words: string, extra: Record<string, string> = {}) {
  const res = await t.get('/api/events', { api_key: key, search: words, limit: '100', ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return EventsPageSchema.parse(res.json())
    .data.map((e) => e.id)
    .sort();
}

beforeAll(async () => {
  t = await createTestApp({ CATALOGUE_CACHE_MS: '0' });
  key = await t.apiKey();
  const riverhawks = await team('Kamloops Riverhawks', 'Riverhawks', 'test-riverhawks');
  const eperviers = await team('Trois-Pistoles Éperviers', 'Éperviers', 'test-eperviers');
  const muskies = await team('Nipigon Muskies', 'Muskies', 'test-muskies');
  // Finished (on demand), and upcoming (the schedule).
  await game(
    { en: 'Riverhawks at Éperviers', fr: 'Riverhawks chez les Éperviers' },
    [eperviers, riverhawks],
    -30,
  );
  await game(
    {
      en: 'Muskies at Riverhawks: regional final',
      fr: 'Muskies chez les Riverhawks : finale régionale',
    },
    [riverhawks, muskies],
    30,
  );
});
afterAll(() => t.close());

const both = ['Riverhawks at Éperviers', 'Muskies at Riverhawks: regional final'];
const finished = ['Riverhawks at Éperviers'];

describe('GET /events?search= forgives typos and accents', () => {
  it('finds a team misspelt (a letter added, dropped or swapped)', async () => {
    expect(await search('Riverhawcks')).toEqual(ids(both));
    expect(await search('riverhaws')).toEqual(ids(both));
    expect(await search('Muksies')).toEqual(ids(['Muskies at Riverhawks: regional final']));
  });

  it('reads French names with or without their accents, typos too', async () => {
    expect(await search('eperviers')).toEqual(ids(finished));
    expect(await search('ÉPERV')).toEqual(ids(finished));
    expect(await search('epervieres')).toEqual(ids(finished));
    expect(await search('finale regionalle', { lang: 'fr' })).toEqual(
      ids(['Muskies at Riverhawks: regional final']),
    );
  });

  it('on demand and on the schedule alike: the window still applies', async () => {
    expect(await search('riverhawcks', { stream_status: 'vod' })).toEqual(ids(finished));
    expect(await search('riverhawcks', { type: 'upcoming' })).toEqual(
      ids(['Muskies at Riverhawks: regional final']),
    );
  });

  it('still needs every word, and a word that exists is taken as typed', async () => {
    expect(await search('riverhawks muskies')).toEqual(
      ids(['Muskies at Riverhawks: regional final']),
    );
    expect(await search('eperviers muksies')).toEqual([]);
    expect(await search('qwertyuiop')).toEqual([]);
  });

  it('finds teams the same way (GET /participants)', async () => {
    const res = await t.get('/api/participants', { api_key: key, search: 'Epervers' });
    expect(res.statusCode, res.body).toBe(200);
    expect(ParticipantsPageSchema.parse(res.json()).data.map((p) => p.name)).toEqual([
      'Trois-Pistoles Éperviers',
    ]);
  });
});
