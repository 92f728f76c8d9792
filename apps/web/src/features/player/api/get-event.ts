import type { Event } from '@rudy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export function getEvent(eventId: number, signal?: AbortSignal): Promise<Event> {
  return apiClient.get<Event>(`/events/${eventId}`, { signal });
}

/** The game shown beside the player. */
export function eventQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: ['events', 'detail', eventId],
    queryFn: ({ signal }) => getEvent(eventId, signal),
    staleTime: 30_000,
  });
}

export function useEvent(eventId: number) {
  return useQuery(eventQueryOptions(eventId));
}
