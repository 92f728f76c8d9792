import type { VodMediaRail } from '@rudy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { VOD_KEY } from './vod-keys';

/** GET /vod-media-rails: the library's rails in order, each with its items. */
export function getVodRails(signal?: AbortSignal): Promise<VodMediaRail[]> {
  return apiClient.get<VodMediaRail[]>('/vod-media-rails', { signal });
}

export function vodRailsQueryOptions() {
  return queryOptions({
    queryKey: [VOD_KEY, 'rails'],
    queryFn: ({ signal }) => getVodRails(signal),
    // A library changes when the channel publishes; a few minutes old is fine to show.
    staleTime: 120_000,
  });
}

export function useVodRails() {
  return useQuery(vodRailsQueryOptions());
}
