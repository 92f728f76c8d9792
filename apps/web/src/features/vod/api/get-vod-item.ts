import type { VodMediaItemDetail } from '@rudy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { VOD_KEY } from './vod-keys';

/** Signed URLs are replaced this long before they expire, so a segment never meets a 403. */
const EXPIRY_MARGIN_MS = 60_000;

/** GET /vod-media-items/{id}: the item, the access decision and, when granted, its stream. */
export function getVodItem(id: number, signal?: AbortSignal): Promise<VodMediaItemDetail> {
  return apiClient.get<VodMediaItemDetail>(`/vod-media-items/${id}`, { signal });
}

/** When to ask again: just before the stream's signed URLs expire, never without a stream. */
export function vodItemRefetchDelay(item: VodMediaItemDetail | undefined, now: number) {
  const expiresAt = item?.stream ? Date.parse(item.stream.expires_at) : Number.NaN;
  if (Number.isNaN(expiresAt)) return false;
  return Math.max(1_000, expiresAt - EXPIRY_MARGIN_MS - now);
}

export function vodItemQueryOptions(id: number) {
  return queryOptions({
    queryKey: [VOD_KEY, 'item', id],
    queryFn: ({ signal }) => getVodItem(id, signal),
    // Signed URLs and the access decision belong to this visit.
    staleTime: 0,
    refetchInterval: (query) => vodItemRefetchDelay(query.state.data, Date.now()),
  });
}

export function useVodItem(id: number) {
  return useQuery(vodItemQueryOptions(id));
}
