import type { EventType, SortDirection } from '@rudy/contracts';
import type { ListingFilters } from './listing-params';
import { zonedDateTime } from './zoned-time';

export type ListingKind = 'live' | 'upcoming' | 'vod' | 'schedule';

/** What GET /events receives, minus offset and limit (the pager adds them). */
export type EventsRequest = Record<string, string | number>;

/** Which games each listing shows, and in which order: replays newest first, the rest by start. */
const KIND_QUERY: Readonly<Record<ListingKind, { type?: EventType; sort: SortDirection }>> = {
  live: { type: 'live', sort: 'asc' },
  upcoming: { type: 'upcoming', sort: 'asc' },
  vod: { type: 'finished', sort: 'desc' },
  schedule: { sort: 'asc' },
};

function filterQuery(filters: ListingFilters): EventsRequest {
  const query: EventsRequest = {};
  for (const name of [
    'category_id',
    'team',
    'group',
    'rink',
    'sport',
    'league',
    'division',
    'gender',
    'search',
  ] as const) {
    const value = filters[name];
    if (value !== null) query[name] = value;
  }
  return query;
}

function kindQuery(kind: ListingKind): EventsRequest {
  const { type, sort } = KIND_QUERY[kind];
  return { ...(type ? { type } : {}), sort_field: 'date', sort_direction: sort };
}

/**
 * The API request for a listing. Date filters are whole days of the channel's time zone, so they
 * are sent as date-times with that zone's offset (a bare date would be a UTC day).
 */
export function listingRequest(
  kind: ListingKind,
  filters: ListingFilters,
  timeZone: string,
): EventsRequest {
  return {
    ...filterQuery(filters),
    ...kindQuery(kind),
    ...(filters.start_date
      ? { start_date: zonedDateTime(filters.start_date, '00:00:00', timeZone) }
      : {}),
    ...(filters.end_date
      ? { end_date: zonedDateTime(filters.end_date, '23:59:59', timeZone) }
      : {}),
  };
}

/**
 * The request behind a calendar page: every game between two days, wherever it is played. The
 * bounds are the first and last instants those days exist anywhere (UTC+14 to UTC−12); the
 * calendar files each game under its venue's own day.
 */
export function rangeRequest(
  kind: ListingKind,
  filters: ListingFilters,
  range: { first: string; last: string },
): EventsRequest {
  return {
    ...filterQuery(filters),
    ...kindQuery(kind),
    sort_direction: 'asc',
    start_date: `${range.first}T00:00:00+14:00`,
    end_date: `${range.last}T23:59:59-12:00`,
  };
}
