import type { SortDirection } from './catalogue.js';
import type { EventType } from './events.js';

/*
 * The web app's listings of games, shared by its requests and the server that puts a listing's
 * first page into the HTML. No schemas here: the listings' code imports these constants, and a
 * module with zod schemas at its top level is kept whole in any chunk that imports from it.
 */

/** The web app's listings of games (/live, /upcoming, /vod and /schedule). */
export type ListingKind = 'live' | 'upcoming' | 'vod' | 'schedule';

/**
 * Which games each listing shows, and in which order: replays newest first, the rest by start.
 * The client asks for them, and the server puts a listing's first page into its HTML.
 */
export const LISTING_QUERY: Readonly<
  Record<ListingKind, { type?: EventType; sort: SortDirection }>
> = {
  live: { type: 'live', sort: 'asc' },
  upcoming: { type: 'upcoming', sort: 'asc' },
  vod: { type: 'finished', sort: 'desc' },
  schedule: { sort: 'asc' },
};

/** Games per listing page: divisible by 2, 3 and 4, so every grid width ends a page on a full row. */
export const EVENTS_PAGE_SIZE = 24;
