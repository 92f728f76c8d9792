import type { HomepageEvents } from '@rudy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export function getHomepageEvents(signal?: AbortSignal): Promise<HomepageEvents> {
  return apiClient.get<HomepageEvents>('/events-for-homepage', { signal });
}

export function homepageEventsQueryOptions() {
  return queryOptions({
    queryKey: ['events', 'homepage'],
    queryFn: ({ signal }) => getHomepageEvents(signal),
    // Live status moves on its own; refresh while the page stays open.
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}

export function useHomepageEvents() {
  return useQuery(homepageEventsQueryOptions());
}
