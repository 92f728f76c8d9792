import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MEDIA_KIND,
  type VodMediaCategory,
  type VodMediaItemDetail,
  type VodMediaItemsPage,
  type VodMediaRail,
} from '@rudy/contracts';
import { grantAccess, makeTinyVod } from '../../test/media-fixtures.js';
import { createTestApp, OTHER_CHANNEL_KEY, type TestContext } from '../../test/test-app.js';
import { signedInUser } from '../../test/test-users.js';
import { vodItemPrefix } from '../media/media-paths.js';
import { vodItemSink } from './demo-library.js';
import { searchWords } from './vod-search.js';
import { createVodJobsRepository } from './vod-jobs.repository.js';
import { createVodRepository } from './vod.repository.js';

/*
 * Spec section 7's VOD calls on the seeded demo library, with real packaged media under the items
 * that are published: listings, paging, categories, rails, search (accents, typos, French), the
 * vod_media_access gate, and the signed /media/v files and public posters.
 */

const BLOCKED_IP = '203.0.113.9';
let t: TestContext;
let key: string;
let mediaDir: string;
let fixture: { dir: string; durationSeconds: number };
/** Demo item ids by English title. */
const ids = new Map<string, number>();
/** The one demo item left unpublished (its video "still being made"). */
let pendingId: number;

const countryLookup = (ip: string) => (ip === BLOCKED_IP ? 'FR' : 'CA');

async function get<T>(url: string, query: Record<string, string> = {}, apiKey = key) {
  const res = await t.get(url, { api_key: apiKey, ...query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

const titles = (page: VodMediaItemsPage) => page.data.map((i) => i.title);
const idOf = (title: string) => {
  const id = ids.get(title);
  if (id === undefined) throw new Error(`no demo item '${title}'`);
  return id;
};

/** Publishes an item as the packaging job would: the fixture's files and rows through its sink. */
async function publish(channelId: number, itemId: number) {
  const prefix = vodItemPrefix(channelId, itemId);
  fs.cpSync(path.join(fixture.dir, 'vod'), path.join(mediaDir, prefix, 'vod'), { recursive: true });
  fs.cpSync(path.join(fixture.dir, 'assets'), path.join(mediaDir, prefix, 'assets'), {
    recursive: true,
  });
  const sink = vodItemSink(createVodJobsRepository(t.database.db), {
    id: itemId,
    channel_id: channelId,
  });
  const asset = (kind: number, file: string) =>
    sink.record({ kind, storageKey: `${prefix}/assets/${file}`, status: 'ready' });
  await asset(MEDIA_KIND.image, 'poster.jpg');
  await asset(MEDIA_KIND.thumbnails, 'thumbs.vtt');
  await asset(MEDIA_KIND.preview, 'preview.mp4');
  await asset(MEDIA_KIND.preview_alt, 'preview-alt.mp4');
  await sink.record({
    kind: MEDIA_KIND.vod,
    storageKey: `${prefix}/vod/master.m3u8`,
    status: 'ready',
    meta: { duration_seconds: fixture.durationSeconds, has_audio: true },
  });
}

beforeAll(async () => {
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-vod-'));
  fixture = await makeTinyVod();
  t = await createTestApp(
    { MEDIA_DIR: mediaDir, TRUST_PROXY: 'true', CATALOGUE_CACHE_MS: '0' },
    { countryLookup },
  );
  key = await t.apiKey();
  const rows = await t.database.db
    .selectFrom('vod_media_items')
    .select(['id', 'channel_id', sql<string>`title->>'en'`.as('title')])
    .execute();
  for (const row of rows) {
    if (row.channel_id !== t.demoChannelId) continue;
    ids.set(row.title, row.id);
  }
  pendingId = idOf('Skating drills with the Rapids');
  for (const row of rows) {
    if (row.id !== pendingId) await publish(row.channel_id, row.id);
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
  fs.rmSync(fixture.dir, { recursive: true, force: true });
});

describe('GET /vod-media-items', () => {
  it('lists published items newest first, with public posters and previews', async () => {
    const page = await get<VodMediaItemsPage>('/api/vod-media-items');
    expect(page.meta).toEqual({ total: 8, offset: 0, limit: 20 });
    expect(page.data.map((i) => i.id)).not.toContain(pendingId);
    const dates = page.data.map((i) => i.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const first = page.data[0];
    expect(first).toMatchObject({
      title: 'Season recap: the U18 regular season',
      category_name: 'Season recaps',
      requires_access: true,
      has_access: false,
    });
    expect(first?.duration_seconds).toBeCloseTo(fixture.durationSeconds, 1);
    expect(first?.assets.map((a) => [a.type, a.kind])).toEqual([
      ['image', 1],
      ['preview', 6],
      ['preview_alt', 7],
    ]);
    expect(first?.assets[0]?.url).toMatch(/^\/media\/vod\/[0-9a-f-]{36}\/poster\.jpg$/);
  });

  it('pages with offset and limit, and filters by category', async () => {
    const all = titles(await get<VodMediaItemsPage>('/api/vod-media-items'));
    const second = await get<VodMediaItemsPage>('/api/vod-media-items', {
      limit: '3',
      offset: '3',
    });
    expect(second.meta).toEqual({ total: 8, offset: 3, limit: 3 });
    expect(titles(second)).toEqual(all.slice(3, 6));
    const tail = await get<VodMediaItemsPage>('/api/vod-media-items', { offset: '7', limit: '5' });
    expect(tail.meta.total).toBe(8);
    expect(titles(tail)).toEqual(all.slice(7));

    const categories = await get<VodMediaCategory[]>('/api/vod-media-categories');
    const interviews = categories.find((c) => c.alias === 'interviews');
    const page = await get<VodMediaItemsPage>('/api/vod-media-items', {
      category_id: String(interviews?.id),
    });
    expect(titles(page).sort()).toEqual(
      [
        'Captain’s corner: Léa Tremblay',
        'Coach Martin on the playoff push',
        'Meet the rookies',
      ].sort(),
    );
    // An id that is not a category of this channel narrows to nothing.
    const none = await get<VodMediaItemsPage>('/api/vod-media-items', { category_id: '999999' });
    expect(none).toEqual({ data: [], meta: { total: 0, offset: 0, limit: 20 } });
  });

  it('sorts by title in the asked language', async () => {
    const en = await get<VodMediaItemsPage>('/api/vod-media-items', { sort_field: 'title' });
    expect(titles(en)).toEqual([...titles(en)].sort((a, b) => a.localeCompare(b, 'en')));
    const fr = await get<VodMediaItemsPage>('/api/vod-media-items', {
      sort_field: 'title',
      sort_direction: 'desc',
      lang: 'fr',
    });
    expect(fr.data[0]?.title).toBe('Rétrospective : la saison régulière M18');
    expect(fr.data[0]?.category_name).toBe('Rétrospectives');
  });

  it.each([
    [{ limit: '0' }, 'limit: limit must be at least 1'],
    [{ limit: '101' }, 'limit: limit must be at most 100'],
    [{ limit: 'ten' }, 'limit: limit must be a number'],
    [{ offset: '-1' }, 'offset: offset must not be negative'],
    [{ category_id: 'hockey' }, 'category_id: category_id must be a number'],
    [{ category_id: '0' }, 'category_id: category_id must be positive'],
    [{ highlights: 'maybe' }, 'highlights: highlights must be 1 or 0'],
    [{ sort_field: 'views' }, 'sort_field:'],
    [{ sort_direction: 'up' }, 'sort_direction:'],
    [{ lang: 'de' }, 'lang:'],
  ])('refuses %o with a 400 that names the parameter', async (query, message) => {
    const res = await t.get('/api/vod-media-items', { api_key: key, ...query });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
    expect(res.json<{ message: string }>().message.startsWith(message)).toBe(true);
  });

  it('needs an API key, and keeps channels apart', async () => {
    expect((await t.get('/api/vod-media-items')).statusCode).toBe(401);
    const other = await t.apiKey(OTHER_CHANNEL_KEY);
    const page = await get<VodMediaItemsPage>('/api/vod-media-items', {}, other);
    const mine = new Set(ids.values());
    expect(page.data.length).toBe(9);
    expect(page.data.some((i) => mine.has(i.id))).toBe(false);
    const res = await t.get(`/api/vod-media-items/${idOf('Meet the rookies')}`, { api_key: other });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /vod-media-categories and /vod-media-rails', () => {
  it('lists categories in order with their published items', async () => {
    const categories = await get<VodMediaCategory[]>('/api/vod-media-categories', { lang: 'fr' });
    expect(categories.map((c) => [c.alias, c.name, c.items_count])).toEqual([
      ['highlights', 'Faits saillants', 3],
      ['interviews', 'Entrevues', 3],
      ['recaps', 'Rétrospectives', 2],
      // its one item is not published yet
      ['skills', 'Techniques et exercices', 0],
    ]);
  });

  it('lists rails in order, each with its published items in order', async () => {
    const rails = await get<VodMediaRail[]>('/api/vod-media-rails');
    expect(rails.map((r) => r.title)).toEqual([
      'Featured',
      'Latest highlights',
      'Interviews and features',
      'Season recaps',
    ]);
    expect(rails[0]?.vod_media_items.map((i) => i.title)).toEqual([
      'Season recap: the U18 regular season',
      'Overtime winner: Wolves edge the Knights',
      'Coach Martin on the playoff push',
      'Captain’s corner: Léa Tremblay',
    ]);
    // The unpublished drill is left out of its rail.
    expect(rails[2]?.vod_media_items.map((i) => i.id)).not.toContain(pendingId);
    expect(rails[2]?.vod_media_items).toHaveLength(3);
    const recap = rails[0]?.vod_media_items[0];
    expect(recap).toMatchObject({ requires_access: true, has_access: false });
    expect(recap?.assets.map((a) => a.type)).toEqual(['image', 'preview', 'preview_alt']);
  });
});

describe('GET /vod-media/search', () => {
  const search = (q: string, extra: Record<string, string> = {}) =>
    get<VodMediaItemsPage>('/api/vod-media/search', { search: q, ...extra });

  it('applies the spec defaults: limit 10, offset 0, newest first', async () => {
    const page = await search('the');
    expect(page.meta.limit).toBe(10);
    expect(page.meta.offset).toBe(0);
    const dates = page.data.map((i) => i.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('finds words and word starts in titles and descriptions, every word required', async () => {
    expect(titles(await search('overtime'))).toEqual(['Overtime winner: Wolves edge the Knights']);
    expect(titles(await search('glove'))).toEqual(['Top 10 saves of the month']);
    expect(titles(await search('capt'))).toEqual(['Captain’s corner: Léa Tremblay']);
    expect(titles(await search('wolves coach'))).toEqual(['Coach Martin on the playoff push']);
    expect((await search('wolves zamboni')).data).toEqual([]);
  });

  it('forgives typos: hocky finds hockey', async () => {
    const exact = titles(await search('hockey'));
    expect(exact.length).toBeGreaterThan(2);
    expect(titles(await search('hocky'))).toEqual(exact);
    expect(titles(await search('overtme'))).toEqual(['Overtime winner: Wolves edge the Knights']);
  });

  it('ignores accents either way, and reads French', async () => {
    expect(titles(await search('lea tremblay'))).toEqual(['Captain’s corner: Léa Tremblay']);
    expect(titles(await search('LÉA TRÉMBLAY'))).toEqual(['Captain’s corner: Léa Tremblay']);
    const fr = await search('rétrospective', { lang: 'fr' });
    expect(titles(fr)).toEqual(['Rétrospective : la saison régulière M18']);
    expect(titles(await search('retrospective'))).toEqual(['Season recap: the U18 regular season']);
    // French stems: 'arret' (singular, no accent) finds 'arrêts'.
    expect(titles(await search('arret', { lang: 'fr' }))).toEqual([
      'Les 10 plus beaux arrêts du mois',
    ]);
    expect(titles(await search('gardiens', { lang: 'fr' })).sort()).toEqual(
      ['Le meilleur de la saison : les gardiens de but', 'Les 10 plus beaux arrêts du mois'].sort(),
    );
    // English stems: 'saving' finds 'saves'.
    expect(titles(await search('saving'))).toEqual(['Top 10 saves of the month']);
  });

  it('pages, filters by category and sorts by title or relevance', async () => {
    const all = titles(await search('hockey', { limit: '100' }));
    const second = await search('hockey', { limit: '2', offset: '2' });
    expect(titles(second)).toEqual(all.slice(2, 4));
    expect(second.meta).toEqual({ total: all.length, offset: 2, limit: 2 });

    const categories = await get<VodMediaCategory[]>('/api/vod-media-categories');
    const highlights = categories.find((c) => c.alias === 'highlights');
    const inCategory = await search('hockey', { category_id: String(highlights?.id) });
    expect(inCategory.data.every((i) => i.category_id === highlights?.id)).toBe(true);

    const byTitle = titles(await search('hockey', { sort_field: 'title' }));
    expect(byTitle).toEqual([...byTitle].sort((a, b) => a.localeCompare(b, 'en')));
    // Newest first by date; by relevance the item with hockey in its titles comes first.
    expect((await search('hockey')).data[0]?.title).toBe(
      'Overtime winner: Wolves edge the Knights',
    );
    const byRelevance = await search('hockey', { sort_field: 'relevance' });
    expect(byRelevance.data[0]?.title).toBe('Women’s hockey: power-play goals of the week');
  });

  it('learns the words of new items: a typo of a word just published is forgiven', async () => {
    expect((await search('zambonni')).data).toEqual([]);
    const row = await t.database.db
      .insertInto('vod_media_items')
      .values({
        channel_id: t.demoChannelId,
        title: JSON.stringify({ en: 'Zamboni tricks', fr: 'Les secrets de la zamboni' }),
        published_at: new Date('2020-01-01T00:00:00Z'),
        status: 'ready',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      expect(titles(await search('zambonni'))).toEqual(['Zamboni tricks']);
      // A word that exists is taken as typed, not widened to its neighbours.
      expect(titles(await search('zamboni'))).toEqual(['Zamboni tricks']);
    } finally {
      await t.database.db.deleteFrom('vod_media_items').where('id', '=', row.id).execute();
    }
  });

  it('finds a team misspelt as fans type it, in English and French (names not in the demo)', async () => {
    const row = await t.database.db
      .insertInto('vod_media_items')
      .values({
        channel_id: t.demoChannelId,
        title: JSON.stringify({
          en: 'Riverhawks and Éperviers: the rivalry',
          fr: 'Riverhawks et Éperviers : la rivalité',
        }),
        published_at: new Date('2020-01-01T00:00:00Z'),
        status: 'ready',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const rivalry = ['Riverhawks and Éperviers: the rivalry'];
      expect(titles(await search('Riverhawcks'))).toEqual(rivalry);
      expect(titles(await search('riverhawk'))).toEqual(rivalry);
      expect(titles(await search('epervers rivalite', { lang: 'fr' }))).toEqual([
        'Riverhawks et Éperviers : la rivalité',
      ]);
    } finally {
      await t.database.db.deleteFrom('vod_media_items').where('id', '=', row.id).execute();
    }
  });

  it('answers nothing (not an error) when no word is left to search', async () => {
    expect(await search('!!! ... ???')).toEqual({
      data: [],
      meta: { total: 0, offset: 0, limit: 10 },
    });
    // Operators of the query syntax are plain text here.
    expect((await search("hockey & !( ' :* |")).meta.total).toBeGreaterThan(0);
  });

  // PGlite has one session and no protocol-level statements to name: PostgreSQL only.
  it.skipIf(!process.env.DATABASE_URL)(
    'runs as a prepared statement that PostgreSQL stops planning (a generic plan)',
    async () => {
      await t.database.db.connection().execute(async (conn) => {
        // Earlier tests may have used this pooled connection: compare before and after.
        const plans = async () =>
          new Map(
            (
              await sql<{ name: string; generic: number; custom: number }>`
                select name, generic_plans::int as generic, custom_plans::int as custom
                from pg_prepared_statements`.execute(conn)
            ).rows.map((r) => [r.name, r]),
          );
        const before = await plans();
        const repo = createVodRepository(conn);
        const words = ['hockey', 'hocky', 'wolves', 'saves', 'goal', 'coach', 'zamboni'];
        for (const word of words) {
          await repo.list(
            t.demoChannelId,
            { words: searchWords(word) },
            { field: 'date', direction: 'desc', locale: 'en' },
            { offset: 0, limit: 10 },
          );
        }
        const used = [...(await plans()).values()].filter((p) => {
          const was = before.get(p.name) ?? { generic: 0, custom: 0 };
          return p.generic + p.custom - was.generic - was.custom === words.length;
        });
        expect(used).toHaveLength(1);
        // At most the five custom plans PostgreSQL tries first; every later search is generic.
        expect(used[0]?.custom).toBeLessThanOrEqual(5);
        expect(used[0]?.generic).toBeGreaterThanOrEqual(words.length - 5);
      });
    },
  );

  it.each([
    [{}, 'search: search is required (the words to look for)'],
    [{ search: '   ' }, 'search: search must not be empty'],
    [{ search: 'x'.repeat(101) }, 'search: search must be at most 100 characters'],
    [{ search: 'hockey', limit: '0' }, 'limit: limit must be at least 1'],
    [{ search: 'hockey', sort_field: 'views' }, 'sort_field:'],
  ])('refuses %o with a 400', async (query, message) => {
    const res = await t.get('/api/vod-media/search', { api_key: key, ...query });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message.startsWith(message)).toBe(true);
  });
});

describe('GET /vod-media-items/{id} and its media', () => {
  const detail = async (id: number, apiKey = key, ip?: string) => {
    const res = await t.inject({
      method: 'GET',
      url: `/api/vod-media-items/${id}`,
      query: { api_key: apiKey },
      headers: ip ? { 'x-forwarded-for': ip } : {},
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<VodMediaItemDetail>();
  };

  it('gives anyone a free item’s signed stream, which plays through /media/v', async () => {
    const item = await detail(idOf('Coach Martin on the playoff push'));
    expect(item).toMatchObject({ access: 'granted', stream_state: 'ready', has_access: true });
    expect(item.stream).toMatchObject({ kind: 'vod', format: 'hls', is_external: false });
    const url = item.stream?.url ?? '';
    expect(url).toMatch(/^\/media\/v\/\d+\/v\.[^/]+\/vod\/master\.m3u8$/);
    const master = await t.get(url);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    const variant = master.body.split('\n').find((l) => l.endsWith('.m3u8')) ?? '';
    const base = url.slice(0, url.lastIndexOf('/') + 1);
    const playlist = await t.get(base + variant);
    expect(playlist.statusCode).toBe(200);
    const segment = playlist.body.split('\n').find((l) => l.endsWith('.ts')) ?? '';
    const bytes = await t.get(base + path.posix.join(path.posix.dirname(variant), segment));
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('video/mp2t');
    expect(item.thumbnails_vtt_url).toMatch(/\/assets\/thumbs\.vtt$/);
    expect((await t.get(item.thumbnails_vtt_url ?? '')).statusCode).toBe(200);
  });

  it('gates items that need vod_media_access', async () => {
    const id = idOf('Season recap: the U18 regular season');
    const anonymous = await detail(id);
    expect(anonymous).toMatchObject({
      access: 'purchase',
      has_access: false,
      requires_access: true,
      stream: null,
      stream_state: 'unavailable',
      thumbnails_vtt_url: null,
    });
    // The teaser stays public.
    expect(anonymous.assets.map((a) => a.type)).toEqual(['image', 'preview', 'preview_alt']);

    const viewer = await signedInUser(t);
    expect((await detail(id, viewer.apiKey)).access).toBe('purchase');
    await grantAccess(t, viewer.userId, ['watch', 'vod_media_access']);
    const granted = await detail(id, viewer.apiKey);
    expect(granted).toMatchObject({ access: 'granted', has_access: true, stream_state: 'ready' });
    expect((await t.get(granted.stream?.url ?? '')).statusCode).toBe(200);

    // Listings say the same per viewer.
    const mine = await get<VodMediaItemsPage>('/api/vod-media-items', {}, viewer.apiKey);
    expect(mine.data.every((i) => i.has_access)).toBe(true);
    const theirs = await get<VodMediaItemsPage>('/api/vod-media-items');
    expect(theirs.data.find((i) => i.id === id)?.has_access).toBe(false);
  });

  it('answers a blocked country with the spec text and no media address', async () => {
    const id = idOf('Coach Martin on the playoff push');
    await t.database.db
      .updateTable('settings')
      .set({ data: sql`jsonb_set(data, '{geo_blocked_countries}', '["FR"]'::jsonb)` })
      .where('channel_id', '=', t.demoChannelId)
      .execute();
    try {
      expect(await detail(id, key, BLOCKED_IP)).toMatchObject({
        access: 'geo_blocked',
        message: "We're sorry, but this content is not available in your region.",
        stream: null,
        assets: [],
        thumbnails_vtt_url: null,
      });
      expect((await detail(id, key, '198.51.100.7')).access).toBe('granted');
    } finally {
      await t.database.db
        .updateTable('settings')
        .set({ data: sql`jsonb_set(data, '{geo_blocked_countries}', '[]'::jsonb)` })
        .where('channel_id', '=', t.demoChannelId)
        .execute();
    }
  });

  it('is 404 for an unpublished or unknown item and 400 for a bad id', async () => {
    expect((await t.get(`/api/vod-media-items/${pendingId}`, { api_key: key })).statusCode).toBe(
      404,
    );
    expect((await t.get('/api/vod-media-items/999999', { api_key: key })).statusCode).toBe(404);
    const bad = await t.get('/api/vod-media-items/abc', { api_key: key });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'validation_failed',
      message: 'id: id must be a number',
    });
  });

  it('signs tokens that open their own item only, in their own folders', async () => {
    const coach = await detail(idOf('Coach Martin on the playoff push'));
    const captainId = idOf('Captain’s corner: Léa Tremblay');
    const url = coach.stream?.url ?? '';
    const token = url.split('/')[4] ?? '';
    // Another item's files with this token.
    expect((await t.get(`/media/v/${captainId}/${token}/vod/master.m3u8`)).statusCode).toBe(403);
    // The same item's id through the events' and clips' routes.
    const itemId = coach.id;
    expect((await t.get(`/media/e/${itemId}/${token}/vod/master.m3u8`)).statusCode).toBe(403);
    expect((await t.get(`/media/c/${itemId}/${token}/index.m3u8`)).statusCode).toBe(403);
    // Outside the item's folders, encoded or climbing paths.
    expect((await t.get(`/media/v/${itemId}/${token}/download/event.mp4`)).statusCode).toBe(403);
    expect((await t.get(`/media/v/${itemId}/${token}/vod/%6Daster.m3u8`)).statusCode).toBe(404);
    // (the client may resolve the dots first: refused either way, never served)
    const climbing = await t.get(`/media/v/${itemId}/${token}/vod/../../e1/vod/master.m3u8`);
    expect([403, 404]).toContain(climbing.statusCode);
    // A forged or tampered token.
    const forged = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    expect((await t.get(`/media/v/${itemId}/${forged}/vod/master.m3u8`)).statusCode).toBe(403);
  });

  it('serves posters and previews at their public address, nothing else', async () => {
    const page = await get<VodMediaItemsPage>('/api/vod-media-items');
    const item = page.data.find((i) => i.requires_access);
    const poster = item?.assets.find((a) => a.type === 'image')?.url ?? '';
    const res = await t.get(poster);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    const preview = item?.assets.find((a) => a.type === 'preview')?.url ?? '';
    const ranged = await t.inject({
      method: 'GET',
      url: preview,
      headers: { range: 'bytes=0-99' },
    });
    expect(ranged.statusCode).toBe(206);
    const folder = poster.slice(0, poster.lastIndexOf('/') + 1);
    for (const file of ['thumbs.vtt', 'master.m3u8', 'source.mp4', '%70oster.jpg']) {
      expect((await t.get(folder + file)).statusCode, file).toBe(404);
    }
    expect((await t.get('/media/vod/not-a-uuid/poster.jpg')).statusCode).toBe(404);
    expect(
      (await t.get(poster.replace(/\/media\/vod\/[^/]+/, `/media/vod/${crypto.randomUUID()}`)))
        .statusCode,
    ).toBe(404);
    // The other channel's host does not reach this channel's posters.
    const elsewhere = await t.inject({
      method: 'GET',
      url: poster,
      headers: { host: 'other.example.test' },
    });
    expect(elsewhere.statusCode).toBe(404);
  });
});
