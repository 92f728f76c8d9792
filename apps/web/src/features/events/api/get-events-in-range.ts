import type { Event } from '@rudy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_LIMIT_MAX } from '@rudy/contracts';
import type { EventsRequest } from '../lib/events-query';
import { getEvents, nextOffset, replayPoll } from './get-events';

/** A month of a busy channel fits in a few pages; past this the calendar shows what it has. */
const MAX_PAGES = 10;

export interface EventsInRange {
  events: Event[];
  /** false when the range held more games than the calendar reads */
  isComplete: boolean;
}

/** Every game of a calendar page, read page after page (the API gives at most 100 at a time). */
export async function getEventsInRange(
  query: EventsRequest,
  signal?: AbortSignal,
): Promise<EventsInRange> {
  const events: Event[] = [];
  let offset: number | undefined = 0;
  for (let page = 0; page < MAX_PAGES && offset !== undefined; page++) {
    const result = await getEvents({ ...query, offset, limit: PAGE_LIMIT_MAX }, signal);
    events.push(...result.data);
    offset = nextOffset(result);
  }
  return { events, isComplete: offset === undefined };
}

export function eventsInRangeQueryOptions(query: EventsRequest) {
  return queryOptions({
    queryKey: ['events', 'range', query],
    queryFn: ({ signal }) => getEventsInRange(query, signal),
    staleTime: 30_000,
    refetchInterval: (q) => replayPoll(q.state.data?.events),
    // Paging through months keeps the last month on screen until the next one arrives.
    placeholderData: (previous) => previous,
  });
}

export function useEventsInRange(query: EventsRequest) {
  return useQuery(eventsInRangeQueryOptions(query));
}
