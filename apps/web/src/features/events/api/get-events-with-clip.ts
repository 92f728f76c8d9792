import type { EventsPage } from '@rudy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** A rail shows this many games. */
const WITH_CLIP_RAIL_SIZE = 12;

/** GET /events/with_clip: the latest games that have at least one finished clip. */
export function getEventsWithClip(signal?: AbortSignal): Promise<EventsPage> {
  return apiClient.get<EventsPage>('/events/with_clip', {
    query: { sort_field: 'date', sort_direction: 'desc', limit: WITH_CLIP_RAIL_SIZE },
    signal,
  });
}

export function eventsWithClipQueryOptions() {
  return queryOptions({
    queryKey: ['events', 'with_clip'],
    queryFn: ({ signal }) => getEventsWithClip(signal),
    staleTime: 60_000,
  });
}

export function useEventsWithClip() {
  return useQuery(eventsWithClipQueryOptions());
}
