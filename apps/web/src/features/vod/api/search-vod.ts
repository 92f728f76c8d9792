import { VOD_SEARCH_DEFAULTS, type VodMediaItemsPage } from '@rudy/contracts';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { nextVodOffset } from './get-vod-items';
import { VOD_KEY } from './vod-keys';

export type VodSearchRequest = {
  search: string;
  category_id?: number;
};

/** GET /vod-media/search: the spec's defaults (limit 10, newest first); later pages by offset. */
export function searchVod(
  query: VodSearchRequest & { offset: number },
  signal?: AbortSignal,
): Promise<VodMediaItemsPage> {
  return apiClient.get<VodMediaItemsPage>('/vod-media/search', { query, signal });
}

export function vodSearchQueryOptions(query: VodSearchRequest) {
  return infiniteQueryOptions({
    queryKey: [VOD_KEY, 'search', query],
    queryFn: ({ pageParam, signal }) => searchVod({ ...query, offset: pageParam }, signal),
    initialPageParam: VOD_SEARCH_DEFAULTS.offset,
    getNextPageParam: nextVodOffset,
    staleTime: 60_000,
  });
}

/** Results as the viewer types: the previous results stay on screen while the next ones load. */
export function useVodSearch(query: VodSearchRequest | null) {
  return useInfiniteQuery({
    ...vodSearchQueryOptions(query ?? { search: '' }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}
