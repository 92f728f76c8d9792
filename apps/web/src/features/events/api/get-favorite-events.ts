import { EVENTS_PAGE_SIZE, type EventsPage } from '@rudy/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { EventsRequest } from '../lib/events-query';
import { flattenPages, nextOffset, replayPoll } from './get-events';

export function getFavoriteEvents(
  query: EventsRequest & { offset: number; limit: number },
  signal?: AbortSignal,
): Promise<EventsPage> {
  return apiClient.get<EventsPage>('/events/favorite', { query, signal });
}

/**
 * Games of the signed-in user's favourite teams, schools and sports. Keyed by user so that another
 * sign-in on the same device never sees the previous user's list; anonymous visitors never ask.
 */
export function favoriteEventsQueryOptions(
  userId: number | null,
  query: EventsRequest,
  pageSize = EVENTS_PAGE_SIZE,
) {
  return infiniteQueryOptions({
    queryKey: ['events', 'favorite', userId, query, pageSize],
    queryFn: ({ pageParam, signal }) =>
      getFavoriteEvents({ ...query, offset: pageParam, limit: pageSize }, signal),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
    enabled: userId !== null,
    staleTime: 30_000,
    refetchInterval: (q) => replayPoll(flattenPages(q.state.data?.pages)),
  });
}

export function useFavoriteEvents(userId: number | null, query: EventsRequest, pageSize?: number) {
  return useInfiniteQuery(favoriteEventsQueryOptions(userId, query, pageSize));
}
