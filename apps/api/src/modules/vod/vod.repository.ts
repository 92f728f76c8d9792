import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Locale } from '@rudy/contracts';
import type { DB } from '../../db/database.js';
import type { Database, I18nText } from '../../db/schema.js';
import type { SearchWord } from './vod-search.js';

export interface VodAssetRow {
  kind: number;
  storage_key: string | null;
  url: string | null;
}

export interface VodItemRow {
  id: number;
  public_id: string;
  title: I18nText;
  description: I18nText | null;
  published_at: Date;
  duration_seconds: number | null;
  category_id: number | null;
  category_name: I18nText | null;
  requires_access: boolean;
  storage_key: string | null;
  assets: VodAssetRow[];
}

export interface VodFilter {
  categoryId?: number | undefined;
  /** Every word must match (by word start in English or French, or with a typo forgiven). */
  words?: SearchWord[];
}

export interface VodOrder {
  field: 'date' | 'title' | 'relevance';
  direction: 'asc' | 'desc';
  locale: Locale;
}

export interface VodPage {
  offset: number;
  limit: number;
}

type Scope = Database & { i: Database['vod_media_items'] };
type EB = ExpressionBuilder<Scope, 'i'>;

/**
 * A word's full-text query: its start, through the English and the French stemmer, folded like
 * the indexed text. quote_literal makes whatever unaccent turns it into one quoted lexeme, so the
 * tsquery parser never reads operators from it.
 */
const prefixQuery = (word: string) =>
  sql`(to_tsquery('english', quote_literal(vod_fold(${word})) || ':*') || to_tsquery('french', quote_literal(vod_fold(${word})) || ':*'))`;

/** A word matches by word start, or (long words) by trigram word similarity: typos forgiven. */
function wordMatch(word: SearchWord): Expression<SqlBool> {
  const byWords = sql<SqlBool>`i.search_doc @@ ${prefixQuery(word.text)}`;
  if (!word.isFuzzy) return byWords;
  return sql<SqlBool>`(${byWords} or vod_fold(${word.text}) <% i.search_text)`;
}

/** Published items of the channel, narrowed by the filter. Written as the indexes read it. */
function itemWhere(eb: EB, channelId: number, f: VodFilter): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [
    eb('i.channel_id', '=', channelId),
    eb('i.status', '=', 'ready'),
  ];
  if (f.categoryId !== undefined) parts.push(eb('i.category_id', '=', f.categoryId));
  for (const word of f.words ?? []) parts.push(wordMatch(word));
  return eb.and(parts);
}

function titleKey(locale: Locale) {
  return locale === 'fr'
    ? sql<string>`coalesce(i.title->>'fr', i.title->>'en')`
    : sql<string>`coalesce(i.title->>'en', i.title->>'fr')`;
}

/** Full-text rank plus how close the closest typo-tolerant match is. */
function relevance(words: SearchWord[]) {
  const all = words.map((w) => prefixQuery(w.text));
  const text = words.map((w) => w.text).join(' ');
  return sql<number>`ts_rank(i.search_doc, ${sql.join(all, sql` || `)}) + word_similarity(vod_fold(${text}), i.search_text)`;
}

function orderKey(order: VodOrder, filter: VodFilter) {
  if (order.field === 'title') return titleKey(order.locale);
  if (order.field === 'relevance' && filter.words?.length) return relevance(filter.words);
  return sql<Date>`i.published_at`;
}

/** SQL only; every query is bound to a channel and lists published (ready) items only. */
export function createVodRepository(db: DB) {
  const items = () =>
    db
      .selectFrom('vod_media_items as i')
      .leftJoin('vod_media_categories as c', (j) =>
        j.onRef('c.id', '=', 'i.category_id').onRef('c.channel_id', '=', 'i.channel_id'),
      )
      .select((eb) => [
        'i.id',
        'i.public_id',
        'i.title',
        'i.description',
        'i.published_at',
        sql<number | null>`i.duration_seconds::float8`.as('duration_seconds'),
        'i.category_id',
        sql<I18nText | null>`c.name`.as('category_name'),
        'i.requires_access',
        'i.storage_key',
        jsonArrayFrom(
          eb
            .selectFrom('vod_media_assets as a')
            .select(['a.kind', 'a.storage_key', 'a.url'])
            .whereRef('a.item_id', '=', 'i.id')
            .orderBy('a.kind'),
        ).as('assets'),
      ]);

  return {
    /**
     * One page in a stable order (the sort key, then id). The page's ids are found first and only
     * those rows are read in full (category, assets).
     */
    async list(
      channelId: number,
      filter: VodFilter,
      order: VodOrder,
      page: VodPage,
    ): Promise<VodItemRow[]> {
      const key = orderKey(order, filter);
      const ids = db
        .selectFrom('vod_media_items as i')
        .select('i.id')
        .where((eb) => itemWhere(eb, channelId, filter))
        .orderBy(key, order.direction)
        .orderBy('i.id', order.direction)
        .offset(page.offset)
        .limit(page.limit);
      return items()
        .innerJoin(ids.as('pg'), 'pg.id', 'i.id')
        .orderBy(key, order.direction)
        .orderBy('i.id', order.direction)
        .execute();
    },

    async count(channelId: number, filter: VodFilter): Promise<number> {
      const row = await db
        .selectFrom('vod_media_items as i')
        .select(sql<number>`count(*)::int`.as('n'))
        .where((eb) => itemWhere(eb, channelId, filter))
        .executeTakeFirstOrThrow();
      return row.n;
    },

    byId(channelId: number, id: number): Promise<VodItemRow | undefined> {
      return items()
        .where('i.channel_id', '=', channelId)
        .where('i.status', '=', 'ready')
        .where('i.id', '=', id)
        .executeTakeFirst();
    },

    /** A published item's public poster or preview, by the item's public id and the file name. */
    async publicAsset(channelId: number, publicId: string, kinds: readonly number[]) {
      return db
        .selectFrom('vod_media_items as i')
        .innerJoin('vod_media_assets as a', 'a.item_id', 'i.id')
        .select(['a.kind', 'a.storage_key'])
        .where('i.channel_id', '=', channelId)
        .where('i.public_id', '=', publicId)
        .where('i.status', '=', 'ready')
        .where('a.kind', 'in', [...kinds])
        .where('a.storage_key', 'is not', null)
        .execute();
    },

    categories(channelId: number) {
      return db
        .selectFrom('vod_media_categories as c')
        .select((eb) => [
          'c.id',
          'c.alias',
          'c.name',
          'c.position',
          eb
            .selectFrom('vod_media_items as i')
            .select(sql<number>`count(*)::int`.as('n'))
            .whereRef('i.category_id', '=', 'c.id')
            .where('i.channel_id', '=', channelId)
            .where('i.status', '=', 'ready')
            .as('items_count'),
        ])
        .where('c.channel_id', '=', channelId)
        .orderBy('c.position')
        .orderBy('c.id')
        .execute();
    },

    /** Rails in order, each with its published items in order (at most `perRail`). */
    async rails(channelId: number, perRail: number) {
      const rails = await db
        .selectFrom('vod_media_rails')
        .select(['id', 'title', 'position'])
        .where('channel_id', '=', channelId)
        .orderBy('position')
        .orderBy('id')
        .execute();
      if (rails.length === 0) return [];
      const entries = await items()
        .innerJoin('vod_media_rail_items as ri', (j) =>
          j.onRef('ri.item_id', '=', 'i.id').onRef('ri.channel_id', '=', 'i.channel_id'),
        )
        .select(['ri.rail_id', 'ri.position as rail_position'])
        .where('i.channel_id', '=', channelId)
        .where('i.status', '=', 'ready')
        .orderBy('ri.rail_id')
        .orderBy('ri.position')
        .orderBy('i.published_at', 'desc')
        .execute();
      return rails.map((rail) => ({
        ...rail,
        items: entries.filter((e) => e.rail_id === rail.id).slice(0, perRail),
      }));
    },
  };
}
export type VodRepository = ReturnType<typeof createVodRepository>;
