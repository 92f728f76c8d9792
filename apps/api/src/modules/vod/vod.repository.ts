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
import type { Database, I18nText } from '../../db/schema.js';
import type { SearchWord } from './vod-search.js';

/**
 * A search word as the database matches it: a tsquery (its start through the English and the
 * French stemmer, or one of its typo corrections as a whole word), computed once per search so
 * the listing query only compares search_doc with a constant.
 */
export interface SearchTerm {
  text: string;
  /** What rows must match: each start spelt as the channel's lexemes that begin with it. */
  query: string;
  /** The same word as typed starts ('hock':*), for ts_rank: a prefix ranks as one query term. */
  rankQuery: string;
}

/** A typo is corrected to at most this many of the closest known words. */
const CORRECTIONS_PER_WORD = 3;

/**
 * A start that more of the channel's lexemes begin with stays a prefix (one GIN range read, then a
 * recheck of each match) rather than an OR of that many lexemes.
 */
const LEXEMES_PER_START = 50;

/** One lexeme as a tsquery operand: quoted, its quotes doubled and backslashes escaped. */
export const lexemeQuery = (lexeme: string) =>
  `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** A word's start ('hock':*) as the lexemes that begin with it, when the lexicon says which. */
function spelt(start: { part: string; stem: string | null; lexemes: string[] }): string | null {
  if (start.stem === null || start.lexemes.length > LEXEMES_PER_START) return start.part;
  // No item has a lexeme that begins so: the start matches nothing.
  if (start.lexemes.length === 0) return null;
  return start.lexemes.map(lexemeQuery).join(' | ');
}

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
  /** Every word must match: by its start in English or French, or as one of its corrections. */
  words?: SearchTerm[];
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
 * Pure full-text: the GIN index and the planner's statistics on search_doc both apply. All the
 * words are one tsquery (their AND): one match a row rather than one a word, and one estimate,
 * which the planner reads as the GIN scan it is (a match a word looked to it like a filter worth
 * a full scan, ~5x slower on a 10 000-item library). A word with no lexeme matches nothing.
 */
function wordsMatch(terms: SearchTerm[]): Expression<SqlBool> {
  if (terms.some((t) => t.query === '')) return sql<SqlBool>`false`;
  const all = terms.map((t) => `(${t.query})`).join(' & ');
  return sql<SqlBool>`i.search_doc @@ ${all}::tsquery`;
}

/** Published items of the channel, narrowed by the filter. Written as the indexes read it. */
function itemWhere(eb: EB, channelId: number, f: VodFilter): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [
    eb('i.channel_id', '=', channelId),
    eb('i.status', '=', 'ready'),
  ];
  if (f.categoryId !== undefined) parts.push(eb('i.category_id', '=', f.categoryId));
  if (f.words?.length) parts.push(wordsMatch(f.words));
  return eb.and(parts);
}

function titleKey(locale: Locale) {
  return locale === 'fr'
    ? sql<string>`coalesce(i.title->>'fr', i.title->>'en')`
    : sql<string>`coalesce(i.title->>'en', i.title->>'fr')`;
}

/** Full-text rank (titles weigh more than descriptions). */
function relevance(terms: SearchTerm[]) {
  const all = terms.map((t) => sql`${t.rankQuery}::tsquery`);
  return sql<number>`ts_rank(i.search_doc, ${sql.join(all, sql` || `)})`;
}

function orderKey(order: VodOrder, filter: VodFilter): RawBuilder<unknown> {
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
     * Each word as a tsquery: its start, folded like the indexed text (quote_literal makes
     * whatever unaccent turns it into one quoted lexeme: the tsquery parser reads no operator from
     * it), or, for a long word that no known word starts with, the channel's closest known words
     * by trigram similarity (pg_trgm's `%`, above 0.3): a typo. A word that exists is taken as
     * typed. Each start is also looked up in the channel's lexemes (vod_search_lexemes), so that
     * rows are matched by exact lexemes, which GIN answers without reading each row's tsvector.
     */
    async terms(channelId: number, words: SearchWord[]): Promise<SearchTerm[]> {
      if (words.length === 0) return [];
      const stems = (word: RawBuilder<unknown>, suffix: string) =>
        sql`to_tsquery('english', quote_literal(${word}) || ${suffix})::text, to_tsquery('french', quote_literal(${word}) || ${suffix})::text`;
      const { rows } = await sql<{
        typed: string;
        starts: { part: string; stem: string | null; lexemes: string[] }[];
        corrections: string[];
      }>`
        select q.typed,
          (
            select json_agg(json_build_object('part', p.part, 'stem', s.stem, 'lexemes', array(
              select l.lexeme from vod_search_lexemes l
              where l.channel_id = ${channelId}
                and l.lexeme between s.stem and s.stem || chr(1114111)
                and starts_with(l.lexeme, s.stem)
              order by l.lexeme
              limit ${LEXEMES_PER_START + 1}
            )))
            from unnest(array[${stems(sql`vod_fold(q.typed)`, ':*')}]) as p(part)
            cross join lateral (
              select (regexp_match(p.part, '^''([[:alnum:]]+)'':\\*$'))[1] as stem offset 0
            ) as s
            where p.part <> ''
          ) as starts,
          array(
            select unnest(array[${stems(sql`c.word`, '')}])
            from (
              select w.word from vod_search_words w
              where q.fuzzy and w.channel_id = ${channelId} and w.word % vod_fold(q.typed)
                and not exists (
                  select 1 from vod_search_words p
                  where p.channel_id = ${channelId} and p.word like vod_fold(q.typed) || '%'
                )
              order by similarity(w.word, vod_fold(q.typed)) desc, w.word
              limit ${CORRECTIONS_PER_WORD}
            ) c
          ) as corrections
        from unnest(${words.map((w) => w.text)}::text[], ${words.map((w) => w.isFuzzy)}::boolean[]) as q(typed, fuzzy)`.execute(
        db,
      );
      // Both stemmers often give the same lexeme: each is matched once (an OR of equal prefixes
      // costs as much as two searches).
      const or = (parts: (string | null)[]) =>
        [...new Set(parts.filter(Boolean))].map((part) => `(${part})`).join(' | ');
      const byWord = new Map(
        rows.map((r) => {
          const starts = r.starts ?? [];
          return [
            r.typed,
            {
              query: or([...starts.map(spelt), ...r.corrections]),
              rankQuery: or([...starts.map((s) => s.part), ...r.corrections]),
            },
          ];
        }),
      );
      return words.map((w) => ({
        text: w.text,
        ...(byWord.get(w.text) ?? { query: '', rankQuery: '' }),
      }));
    },

    /**
     * One page in a stable order (the sort key, then id); only the page's rows are read in full
     * (category, assets). A listing walks the date index and stops at the page. A search first
     * collects its matches (a materialised CTE, so the planner reads the GIN index for a rare word
     * rather than walking the date index through the whole library hoping for ten), then counts
     * and sorts them in the same pass. `total` is null when not counted.
     */
    async list(
      channelId: number,
      filter: VodFilter,
      order: VodOrder,
      page: VodPage,
    ): Promise<{ rows: VodItemRow[]; total: number | null }> {
      const key = orderKey(order, filter);
      const dir = order.direction;
      const ids =
        (filter.words?.length ?? 0) > 0
          ? db
              .with(
                (cte) => cte('hits').materialized(),
                (qb) =>
                  qb
                    .selectFrom('vod_media_items as i')
                    .select(['i.id', key.as('sort_key')])
                    .where((eb) => itemWhere(eb, channelId, filter)),
              )
              .selectFrom('hits')
              .select(['hits.id', sql<number | null>`count(*) over ()::int`.as('total')])
              .orderBy('hits.sort_key', dir)
              .orderBy('hits.id', dir)
              .offset(page.offset)
              .limit(page.limit)
          : db
              .selectFrom('vod_media_items as i')
              .select(['i.id', sql<number | null>`null::int`.as('total')])
              .where((eb) => itemWhere(eb, channelId, filter))
              .orderBy(key, dir)
              .orderBy('i.id', dir)
              .offset(page.offset)
              .limit(page.limit);
      const rows = await items()
        .innerJoin(ids.as('pg'), 'pg.id', 'i.id')
        .select('pg.total')
        .orderBy(key, dir)
        .orderBy('i.id', dir)
        .execute();
      return { rows, total: rows[0]?.total ?? null };
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
