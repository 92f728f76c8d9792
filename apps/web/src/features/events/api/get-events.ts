import { EVENTS_PAGE_SIZE, type Event, type EventsPage } from '@rudy/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { replayNotice } from '../lib/event-display';
import type { EventsRequest } from '../lib/events-query';

export function getEvents(
  query: EventsRequest & { offset: number; limit: number },
  signal?: AbortSignal,
): Promise<EventsPage> {
  return apiClient.get<EventsPage>('/events', { query, signal });
}

/**
 * While a listed replay is still being packaged, its listing is read again this often, so the card
 * turns into a link by itself once the replay is ready.
 */
export const REPLAY_POLL_MS = 30_000;

/** refetchInterval of a listing: REPLAY_POLL_MS while one of its games' replay is coming. */
export function replayPoll(events: Event[] | undefined): number | false {
  return events?.some((event) => replayNotice(event) === 'soon') ? REPLAY_POLL_MS : false;
}

/** The offset of the page after `last`, or undefined when every game has been read. */
export function nextOffset(last: EventsPage): number | undefined {
  const next = last.meta.offset + last.data.length;
  return last.data.length > 0 && next < last.meta.total ? next : undefined;
}

export function eventsQueryOptions(query: EventsRequest) {
  return infiniteQueryOptions({
    queryKey: ['events', 'list', query],
    queryFn: ({ pageParam, signal }) =>
      getEvents({ ...query, offset: pageParam, limit: EVENTS_PAGE_SIZE }, signal),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
    // Games go live and end on their own; a listing a minute old is still right enough to show.
    staleTime: 30_000,
    refetchInterval: (q) => replayPoll(flattenPages(q.state.data?.pages)),
  });
}

export function useEvents(query: EventsRequest) {
  return useInfiniteQuery(eventsQueryOptions(query));
}

/**
 * The pages read so far as one list. A game that moved between pages while paging (it went live,
 * say) shows once.
 */
export function flattenPages(pages: EventsPage[] | undefined): Event[] | undefined {
  if (!pages) return undefined;
  const seen = new Set<number>();
  return pages
    .flatMap((p) => p.data)
    .filter((event) => (seen.has(event.id) ? false : (seen.add(event.id), true)));
}
