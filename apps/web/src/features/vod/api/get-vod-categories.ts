import type { VodMediaCategory } from '@rudy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { VOD_KEY } from './vod-keys';

/** GET /vod-media-categories: in order, with how many published items each holds. */
export function getVodCategories(signal?: AbortSignal): Promise<VodMediaCategory[]> {
  return apiClient.get<VodMediaCategory[]>('/vod-media-categories', { signal });
}

export function vodCategoriesQueryOptions() {
  return queryOptions({
    queryKey: [VOD_KEY, 'categories'],
    queryFn: ({ signal }) => getVodCategories(signal),
    staleTime: 120_000,
  });
}

export function useVodCategories() {
  return useQuery(vodCategoriesQueryOptions());
}
