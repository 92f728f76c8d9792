import { sql, type RawBuilder } from 'kysely';

/**
 * The tsquery of a game or team search (migration 0033): each word by its start, folded (no
 * accents), or by its closest known words when it is a typo. A scalar subquery, so PostgreSQL
 * works it out once per statement (an InitPlan) and every GIN match reads a constant.
 */
export function catalogueSearchQuery(channelId: number, words: string[]): RawBuilder<unknown> {
  return sql`(select catalogue_search_query(${channelId}, ${words}::text[]))`;
}

/** A document as the catalogue's GIN indexes hold it ('simple': no stemming, any language). */
export function foldedDoc(text: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`to_tsvector('simple', vod_fold(${text}))`;
}
