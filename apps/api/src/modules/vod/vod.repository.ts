import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type RawBuilder,
  type SqlBool,
} from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Locale } from '@rudy/contracts';
import type { DB } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import type { Database, I18nText } from '../../db/schema.js';
import type { SearchWord } from './vod-search.js';

/**
 * A typed start that more of the channel's lexemes begin with stays a prefix (one GIN range read,
 * then a recheck of each match) rather than an OR of that many lexemes (vod_search_queries).
 */
const LEXEMES_PER_START = 50;

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
  /** Only the videos of published highlights reels (issue 35), never a pending one's. */
  highlights?: true | undefined;
  /** Every word must match: by its start in English or French, or as one of its corrections. */
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
 * The typed words as the database matches and ranks them (migration 0064's vod_search_queries):
 * each word by its start in English and French, spelt as the channel's lexemes that begin with it,
 * or by its typo corrections; all the words ANDed into one tsquery. A search's statement computes
 * it once, as the CTE `q` (searchQueries), and reads its two columns as uncorrelated scalar
 * subqueries (InitPlans), so every GIN match reads a constant. Pure full-text: the GIN index
 * applies; one tsquery is one match a row and one estimate. A word that matches no lexeme makes
 * the query null, which matches nothing.
 */
function searchQueries(channelId: number, words: SearchWord[]) {
  return sql<{
    match: string | null;
    rank: string;
  }>`(select q.match, q.rank from vod_search_queries(${channelId}::int, ${words.map((w) => w.text)}::text[], ${words.map((w) => w.isFuzzy)}::boolean[], ${LEXEMES_PER_START}::int) q)`;
}

/** One of the `q` CTE's tsqueries, as a constant of the statement. */
const searchQuery = (column: 'match' | 'rank') => sql`(select q.${sql.raw(column)} from q)`;

/** Published items of the channel, narrowed by the filter. Written as the indexes read it. */
function itemWhere(eb: EB, channelId: number, f: VodFilter): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [
    eb('i.channel_id', '=', channelId),
    // A literal, not a parameter: a prepared statement's generic plan can then use the partial
    // indexes (where status = 'ready').
    eb('i.status', '=', sql.lit('ready')),
  ];
  if (f.categoryId !== undefined) parts.push(eb('i.category_id', '=', f.categoryId));
  if (f.highlights) {
    // The reel's own row decides, not the item: a pending reel's video is never a highlight.
    parts.push(
      eb.exists(
        eb
          .selectFrom('moment_reels as r')
          .select(sql.lit(1).as('one'))
          .whereRef('r.vod_item_id', '=', 'i.id')
          .where('r.channel_id', '=', channelId)
          .where('r.status', '=', 'published'),
      ),
    );
  }
  if (f.words?.length) {
    parts.push(sql<SqlBool>`i.search_doc @@ ${searchQuery('match')}`);
  }
  return eb.and(parts);
}

function titleKey(locale: Locale) {
  return locale === 'fr'
    ? sql<string>`coalesce(i.title->>'fr', i.title->>'en')`
    : sql<string>`coalesce(i.title->>'en', i.title->>'fr')`;
}

/** Full-text rank (titles weigh more than descriptions), of the words' starts as typed. */
const relevance = () => sql<number>`ts_rank(i.search_doc, ${searchQuery('rank')})`;

function orderKey(order: VodOrder, filter: VodFilter): RawBuilder<unknown> {
  if (order.field === 'title') return titleKey(order.locale);
  if (order.field === 'relevance' && filter.words?.length) return relevance();
  return sql<Date>`i.published_at`;
}

/** SQL only; every query is bound to a channel and lists published (ready) items only. */
export function createVodRepository(db: DB) {
  // Built once (Kysely's builders are immutable): building it cost every listing ~40 µs.
  const items = db
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
     * One page in a stable order (the sort key, then id); only the page's rows are read in full
     * (category, assets), in the order of the sort key computed below them. A listing walks the
     * date index and stops at the page. A search computes its tsqueries once (`q`), then collects
     * its matches (a materialised CTE, so the planner reads the GIN index for a rare word rather
     * than walking the date index through the whole library hoping for ten), then counts them
     * and sorts them. `total` is null when not counted.
     */
    async list(
      channelId: number,
      filter: VodFilter,
      order: VodOrder,
      page: VodPage,
    ): Promise<{ rows: VodItemRow[]; total: number | null }> {
      const key = orderKey(order, filter);
      const dir = order.direction;
      const words = filter.words ?? [];
      const ids =
        words.length > 0
          ? db
              .with('q', () => searchQueries(channelId, words))
              .with(
                (cte) => cte('hits').materialized(),
                (qb) =>
                  qb
                    .selectFrom('vod_media_items as i')
                    .select(['i.id', key.as('sort_key')])
                    .where((eb) => itemWhere(eb, channelId, filter)),
              )
              .selectFrom('hits')
              .select([
                'hits.id',
                'hits.sort_key',
                // Counted once from the collected matches (an InitPlan): cheaper than a window
                // over them all, same number.
                sql<number | null>`(select count(*) from hits)::int`.as('total'),
              ])
              .orderBy('hits.sort_key', dir)
              .orderBy('hits.id', dir)
              .offset(page.offset)
              .limit(page.limit)
          : db
              .selectFrom('vod_media_items as i')
              .select(['i.id', key.as('sort_key'), sql<number | null>`null::int`.as('total')])
              .where((eb) => itemWhere(eb, channelId, filter))
              .orderBy(key, dir)
              .orderBy('i.id', dir)
              .offset(page.offset)
              .limit(page.limit);
      const query = items
        .innerJoin(ids.as('pg'), 'pg.id', 'i.id')
        .select('pg.total')
        .orderBy('pg.sort_key', dir)
        .orderBy('i.id', dir);
      // Prepared: planning this statement cost PostgreSQL as much as running it (db/prepared.ts).
      const { rows } = await db.executeQuery(prepared(query.compile()));
      return { rows, total: rows[0]?.total ?? null };
    },

    async count(channelId: number, filter: VodFilter): Promise<number> {
      const n = sql<number>`count(*)::int`.as('n');
      const words = filter.words ?? [];
      const row = await (
        words.length > 0
          ? db
              .with('q', () => searchQueries(channelId, words))
              .selectFrom('vod_media_items as i')
              .select(n)
              .where((eb) => itemWhere(eb, channelId, filter))
          : db
              .selectFrom('vod_media_items as i')
              .select(n)
              .where((eb) => itemWhere(eb, channelId, filter))
      ).executeTakeFirstOrThrow();
      return row.n;
    },

    byId(channelId: number, id: number): Promise<VodItemRow | undefined> {
      return items
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
      const entries = await items
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
