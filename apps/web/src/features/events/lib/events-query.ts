import { LISTING_QUERY, type ListingKind } from '@rudy/contracts';
import { addDays } from './calendar';
import type { ListingFilters } from './listing-params';
import { dayKeyInZone, zonedDateTime } from './zoned-time';

export type { ListingKind };

/** What GET /events receives, minus offset and limit (the pager adds them). */
export type EventsRequest = Record<string, string | number>;

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
  const { type, sort } = LISTING_QUERY[kind];
  return { ...(type ? { type } : {}), sort_field: 'date', sort_direction: sort };
}

/** Today's date (YYYY-MM-DD) in the channel's time zone. */
export const todayIn = (timeZone: string) => dayKeyInZone(new Date(), timeZone);

/**
 * The schedule opens on today unless the viewer chose dates: it reads from the start of today on,
 * and the games before come from `earlierRequest`, page by page backwards.
 */
export const opensOnToday = (kind: ListingKind, filters: ListingFilters) =>
  kind === 'schedule' && !filters.start_date && !filters.end_date;

/**
 * The API request for a listing. Date filters are whole days of the channel's time zone, so they
 * are sent as date-times with that zone's offset (a bare date would be a UTC day).
 */
export function listingRequest(
  kind: ListingKind,
  filters: ListingFilters,
  timeZone: string,
  today: string = todayIn(timeZone),
): EventsRequest {
  const startDay = opensOnToday(kind, filters) ? today : filters.start_date;
  return {
    ...filterQuery(filters),
    ...kindQuery(kind),
    ...(startDay ? { start_date: zonedDateTime(startDay, '00:00:00', timeZone) } : {}),
    ...(filters.end_date
      ? { end_date: zonedDateTime(filters.end_date, '23:59:59', timeZone) }
      : {}),
  };
}

/** The schedule's games before today, newest first (shown above today, oldest at the top). */
export function earlierRequest(
  filters: ListingFilters,
  timeZone: string,
  today: string = todayIn(timeZone),
): EventsRequest {
  return {
    ...filterQuery(filters),
    sort_field: 'date',
    sort_direction: 'desc',
    end_date: zonedDateTime(addDays(today, -1), '23:59:59', timeZone),
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
