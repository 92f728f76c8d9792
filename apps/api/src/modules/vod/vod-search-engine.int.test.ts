import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale, VodMediaSearchQuery } from '@rudy/contracts';
import { seedBenchLibrary } from '../../db/seed/bench-library.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { createVodSearchEngine, type VodSearchEngine } from './vod-search-engine.js';
import { searchWords } from './vod-search.js';
import { createVodRepository } from './vod.repository.js';
import { createVodService, type Viewer } from './vod.service.js';

/*
 * The in-process index against the database's own search: the same bytes for every search of a
 * varied list (teams, typos, halves of words, French and accents, stop words, several words,
 * every sort and direction in both languages, categories, pages past the end), on a library with
 * equal titles and dates (ties broken by id), apostrophes, non-Latin scripts, unpublished items.
 * Then writes: each is seen by the next search of this engine and of another one over the same
 * database, as another process would.
 */

let database: TestDatabase;
let channelId: number;
let categoryIds: number[];

const unused = (): never => {
  throw new Error('not used by listings');
};

function serviceWith(searchIndex: VodSearchEngine | undefined) {
  return createVodService({
    repo: createVodRepository(database.db),
    access: { activeGrants: () => Promise.resolve([]) },
    channel: { settings: unused } as never,
    geo: { locate: unused },
    tokens: { sign: unused } as never,
    tokenMarginMs: 0,
    cacheMs: 0,
    searchIndex,
    now: () => new Date(),
  });
}

const viewer = (locale: Locale): Viewer => ({
  channelId,
  userId: null,
  keyId: 'k',
  ip: '127.0.0.1',
  locale,
});

const query = (search: string, extra: Partial<VodMediaSearchQuery> = {}): VodMediaSearchQuery => ({
  search,
  offset: 0,
  limit: 10,
  sort_field: 'date',
  ...extra,
});

async function insertItem(title: { en: string; fr?: string }, extra: Record<string, unknown> = {}) {
  const row = await database.db
    .insertInto('vod_media_items')
    .values({
      channel_id: channelId,
      title: JSON.stringify(title),
      description: JSON.stringify({ en: 'A special reel.', fr: 'Un film spécial.' }),
      published_at: new Date('2026-01-01T00:00:00Z'),
      status: 'ready',
      ...extra,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  ({ channelId } = await seedBenchLibrary(database.db, { items: 1_500 }));
  categoryIds = (
    await database.db
      .selectFrom('vod_media_categories')
      .select('id')
      .where('channel_id', '=', channelId)
      .execute()
  ).map((c) => c.id);
  // Equal dates and titles, apostrophes, accents, other scripts, an English-only title, an item
  // not published.
  const same = { published_at: new Date('2025-06-01T12:00:00.123456Z') };
  await insertItem({ en: "L'équipe des Wolves", fr: "L'équipe des Wolves" }, same);
  await insertItem({ en: "L'équipe des Wolves", fr: "L'équipe des Wolves" }, same);
  await insertItem({ en: 'Ærøskøbing straße naïve façade' }, same);
  await insertItem({ en: 'アイスホッケー ハイライト', fr: 'ホッケー' });
  await insertItem({ en: 'Hockey 1/2 final, ½ time, café-crème' });
  await insertItem({ en: 'Hockey secret draft' }, { status: 'pending' });
  // Texts of varied lengths and repetitions, so that relevance orders them (the bench library's
  // items are all alike), and neighbouring words, so that a typo has several corrections.
  let seed = 7;
  const next = (n: number) => {
    // xorshift32: deterministic, and every word gets its turn.
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) % n;
  };
  const words = (n: number) => Array.from({ length: n }, () => MIXED[next(MIXED.length)]).join(' ');
  for (let i = 0; i < 120; i++) {
    await insertItem(
      i % 3 === 0 ? { en: words(1 + next(6)) } : { en: words(1 + next(6)), fr: words(1 + next(4)) },
      {
        description: next(4) === 0 ? null : JSON.stringify({ en: words(next(14)) }),
        published_at: new Date(Date.UTC(2026, 0, 1 + next(5))),
      },
    );
  }
}, 120_000);
afterAll(() => database.close());

const MIXED = [
  'hockey',
  'hockeys',
  'goal',
  'goals',
  'wolves',
  'ranger',
  'rangers',
  'danger',
  'manger',
  'mangue',
  'mangle',
  'mango',
  'mangeur',
  'rangées',
  'arrêt',
  'arrêts',
  'buts',
  'café',
  'semaine',
  'interview',
  'entrevue',
  'highlights',
  'the',
  'les',
];
const TEAMS = ['wolves', 'bears', 'hawks', 'foxes', 'lynx', 'ravens', 'otters', 'herons', 'vipers'];
const WORDS = [
  'hockey',
  'hocky',
  'hokey',
  'basketbal',
  'volley',
  'voleyball',
  'soccer',
  'socer',
  'highlights',
  'hilights',
  'interview',
  'entrevue',
  'entrevu',
  'rétrospective',
  'retrospective',
  'retrospectiv',
  'coulisses',
  'coulises',
  'conférence',
  'conference',
  'presse',
  'faits saillants',
  'arrêts',
  'arrets',
  'buts',
  'goals',
  'semaine 12',
  'week 3',
  'u18',
  'm18',
  'universitaire',
  'varsity',
  'the',
  'les',
  'de la',
  'équipe',
  'equipe',
  "l'équipe",
  'straße',
  'strasse',
  'naive',
  'aeroskobing',
  'ホッケー',
  'ハイライト',
  '1/2',
  '½',
  'cafe creme',
  'secret',
  'zamboni',
  'zzzz',
  'hock',
  'bask',
  'wol',
  'a',
  'moments best',
  'rangr',
  'rangerz',
  'mangr',
  'mangr goal',
  'dangeer',
  'rangees',
  'arret goal',
  'hockeyz goalz',
];

function searches(): [string, Partial<VodMediaSearchQuery>][] {
  const out: [string, Partial<VodMediaSearchQuery>][] = [];
  const sorts: Partial<VodMediaSearchQuery>[] = [
    {},
    { sort_direction: 'asc' },
    { sort_field: 'title' },
    { sort_field: 'title', sort_direction: 'desc' },
    { sort_field: 'relevance' },
    { sort_field: 'relevance', sort_direction: 'asc' },
    { offset: 10 },
    { offset: 2_000 },
    { limit: 50, offset: 7 },
  ];
  // Relevance on words only the varied items hold: every place of the order is theirs.
  MIXED.forEach((w, i) => {
    out.push([w, { sort_field: 'relevance', limit: 50 }]);
    out.push([`${w} ${MIXED[(i * 3 + 1) % MIXED.length]}`, { sort_field: 'relevance', limit: 50 }]);
  });
  const all = [...WORDS, ...TEAMS, ...TEAMS.map((t) => t.slice(0, 4))];
  all.forEach((w, i) => {
    out.push([w, sorts[i % sorts.length] as Partial<VodMediaSearchQuery>]);
    out.push([`${w} ${all[(i * 7) % all.length]}`, sorts[(i + 3) % sorts.length] ?? {}]);
    out.push([w, { category_id: categoryIds[i % categoryIds.length] }]);
  });
  return out;
}

describe('VOD search index', () => {
  it('answers every search exactly as the database does', async () => {
    const engine = createVodSearchEngine({ repo: createVodRepository(database.db) });
    const indexed = serviceWith(engine);
    const plain = serviceWith(undefined);
    let answered = 0;
    const list = searches();
    for (const [search, extra] of list) {
      for (const locale of ['en', 'fr'] as const) {
        const q = query(search, extra);
        const fromIndex = (await indexed.search(viewer(locale), q)).toString();
        const fromDb = (await plain.search(viewer(locale), q)).toString();
        expect(fromIndex, `${search} ${JSON.stringify(extra)} ${locale}`).toBe(fromDb);
        const direct = await engine.search(
          channelId,
          searchWords(q.search),
          q.category_id,
          { field: q.sort_field, direction: q.sort_direction ?? 'desc', locale },
          { offset: q.offset, limit: q.limit },
        );
        if (direct) answered++;
      }
    }
    // Nearly all are answered in memory (a few fall back: a folded '½' is ' 1/2', a phrase).
    expect(answered).toBeGreaterThan(list.length * 2 * 0.95);
    // And they found things: the comparison is not between two empty lists.
    const hockey = JSON.parse((await indexed.search(viewer('en'), query('hocky'))).toString()) as {
      meta: { total: number };
    };
    expect(hockey.meta.total).toBeGreaterThan(300);
    const [held] = engine.stats();
    expect(held?.items).toBe(1_625);
    // About 1.1 kB per item here (12 bytes per item and distinct word, plus the lexicon).
    expect(held?.bytes).toBeLessThan(1_625 * 2_000);
  }, 300_000);

  it('sees a new, renamed, unpublished or deleted item, a renamed category and a new asset at the next search, in every process', async () => {
    // Two engines over the same database: this process and another one.
    const here = serviceWith(createVodSearchEngine({ repo: createVodRepository(database.db) }));
    const there = serviceWith(createVodSearchEngine({ repo: createVodRepository(database.db) }));
    const titles = async (search: string) => {
      const answers = await Promise.all(
        [here, there].map(async (s) => {
          const body = JSON.parse((await s.search(viewer('en'), query(search))).toString()) as {
            data: { title: string }[];
            meta: { total: number };
          };
          return { titles: body.data.map((d) => d.title), total: body.meta.total };
        }),
      );
      expect(answers[1]).toEqual(answers[0]);
      return answers[0]?.titles;
    };
    expect(await titles('zamboni')).toEqual([]);

    const id = await insertItem({ en: 'Zamboni at work', fr: 'La surfaceuse au travail' });
    expect(await titles('zamboni')).toEqual(['Zamboni at work']);
    // The lexicon moved too: a typo of the new word is corrected to it.
    expect(await titles('zambonni')).toEqual(['Zamboni at work']);

    await database.db
      .updateTable('vod_media_items')
      .set({ title: JSON.stringify({ en: 'Ice resurfacer at work' }) })
      .where('id', '=', id)
      .execute();
    expect(await titles('zamboni')).toEqual([]);
    expect(await titles('resurfacer')).toEqual(['Ice resurfacer at work']);

    await database.db
      .updateTable('vod_media_items')
      .set({ status: 'processing' })
      .where('id', '=', id)
      .execute();
    expect(await titles('resurfacer')).toEqual([]);
    await database.db
      .updateTable('vod_media_items')
      .set({ status: 'ready' })
      .where('id', '=', id)
      .execute();
    expect(await titles('resurfacer')).toEqual(['Ice resurfacer at work']);

    // What a listed row shows beside the index: its category's name and its assets.
    const shown = async () =>
      Promise.all(
        [here, there].map(async (s) => {
          const body = JSON.parse(
            (await s.search(viewer('en'), query('resurfacer'))).toString(),
          ) as {
            data: { category_name: string | null; assets: { url: string }[] }[];
          };
          return body.data.map((d) => [d.category_name, d.assets.map((a) => a.url)]);
        }),
      );
    const category = categoryIds[0] as number;
    await database.db
      .updateTable('vod_media_items')
      .set({ category_id: category })
      .where('id', '=', id)
      .execute();
    const named = await shown();
    await database.db
      .updateTable('vod_media_categories')
      .set({ name: JSON.stringify({ en: 'Ice care', fr: 'Entretien' }) })
      .where('id', '=', category)
      .execute();
    expect(await shown()).not.toEqual(named);
    expect(await shown()).toEqual([[['Ice care', []]], [['Ice care', []]]]);
    await database.db
      .insertInto('vod_media_assets')
      .values({
        channel_id: channelId,
        item_id: id,
        kind: 1,
        url: 'https://cdn.example/poster.jpg',
      })
      .execute();
    expect(await shown()).toEqual([
      [['Ice care', ['https://cdn.example/poster.jpg']]],
      [['Ice care', ['https://cdn.example/poster.jpg']]],
    ]);

    await database.db.deleteFrom('vod_media_items').where('id', '=', id).execute();
    expect(await titles('resurfacer')).toEqual([]);
  }, 120_000);

  it('bumps the version only for the columns a search reads', async () => {
    const version = async () =>
      (
        await sql<{
          v: string;
        }>`select version::text as v from vod_search_versions where channel_id = ${channelId}`.execute(
          database.db,
        )
      ).rows[0]?.v;
    const before = await version();
    await database.db
      .updateTable('vod_media_items')
      .set({ meta: JSON.stringify({ note: 'packaging' }), updated_at: new Date() })
      .where('channel_id', '=', channelId)
      .execute();
    expect(await version()).toBe(before);
    await database.db
      .updateTable('vod_media_items')
      .set({ requires_access: true })
      .where('channel_id', '=', channelId)
      .where(sql<string>`title->>'en'`, '=', 'Hockey 1/2 final, ½ time, café-crème')
      .execute();
    expect(await version()).not.toBe(before);
  });
});
