import type { ViewersNow } from '@rudy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const VIEWERS_NOW_POLL_MS = 15_000;

/** GET /admin/analytics/now: video views with a heartbeat in the last 75 seconds. */
export function getViewersNow(signal?: AbortSignal) {
  return apiClient.get<ViewersNow>('/admin/analytics/now', { signal });
}

export function viewersNowQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'analytics', 'now'],
    queryFn: ({ signal }) => getViewersNow(signal),
    refetchInterval: VIEWERS_NOW_POLL_MS,
  });
}

export function useViewersNow() {
  return useQuery(viewersNowQueryOptions());
}
