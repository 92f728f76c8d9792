import { VOD_PAGE_SIZE, type VodMediaItem, type VodMediaItemsPage } from '@rudy/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { VOD_KEY } from './vod-keys';

export type VodItemsRequest = {
  category_id?: number;
  /** 1: only the channel's published highlights reels (issue 35). */
  highlights?: 1;
};

/** The home page's Highlights rail (its first page also comes with the page: StartupData). */
export const HIGHLIGHTS_REQUEST: VodItemsRequest = { highlights: 1 };

/** GET /vod-media-items: published items, newest first, optionally of one category or the reels. */
export function getVodItems(
  query: VodItemsRequest & { offset: number; limit: number },
  signal?: AbortSignal,
): Promise<VodMediaItemsPage> {
  return apiClient.get<VodMediaItemsPage>('/vod-media-items', { query, signal });
}

/** The offset of the page after `last`, or undefined when every item has been read. */
export function nextVodOffset(last: VodMediaItemsPage): number | undefined {
  const next = last.meta.offset + last.data.length;
  return last.data.length > 0 && next < last.meta.total ? next : undefined;
}

/** The pages read so far as one list, each item once. */
export function flattenVodPages(
  pages: VodMediaItemsPage[] | undefined,
): VodMediaItem[] | undefined {
  if (!pages) return undefined;
  const seen = new Set<number>();
  return pages
    .flatMap((p) => p.data)
    .filter((item) => (seen.has(item.id) ? false : (seen.add(item.id), true)));
}

export function vodItemsQueryOptions(query: VodItemsRequest, pageSize = VOD_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: [VOD_KEY, 'items', query, pageSize],
    queryFn: ({ pageParam, signal }) =>
      getVodItems({ ...query, offset: pageParam, limit: pageSize }, signal),
    initialPageParam: 0,
    getNextPageParam: nextVodOffset,
    staleTime: 120_000,
  });
}

export function useVodItems(query: VodItemsRequest, pageSize?: number) {
  return useInfiniteQuery(vodItemsQueryOptions(query, pageSize));
}
