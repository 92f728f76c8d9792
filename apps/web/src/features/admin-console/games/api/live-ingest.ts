import type { AdminLiveHealth, AdminLiveIngest } from '@rudy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../../lib/api-client';

/** GET /admin/games/:id/live: the ingest address and the stream's state, polled while shown. */
export function liveIngestQueryOptions(gameId: number) {
  return queryOptions({
    queryKey: ['admin', 'live', gameId],
    queryFn: ({ signal }) =>
      apiClient.get<AdminLiveIngest>(`/admin/games/${gameId}/live`, { signal }),
    // The worker reports every 2 s: the console follows a stream going on or off air.
    refetchInterval: 3_000,
  });
}
export const useLiveIngest = (gameId: number) => useQuery(liveIngestQueryOptions(gameId));

/** POST /admin/games/:id/live/key: a new key (in this answer only); the old one stops working. */
export const rotateStreamKey = (gameId: number) =>
  apiClient.post<AdminLiveIngest>(`/admin/games/${gameId}/live/key`, { body: {} });

/**
 * GET /admin/games/:id/live/health: what the encoder sends as the ingest measures it, with the
 * warnings; polled while the stream is on air (the worker measures every 2 s).
 */
export function liveHealthQueryOptions(gameId: number) {
  return queryOptions({
    queryKey: ['admin', 'live', gameId, 'health'],
    queryFn: ({ signal }) =>
      apiClient.get<AdminLiveHealth>(`/admin/games/${gameId}/live/health`, { signal }),
    refetchInterval: 3_000,
  });
}
export const useLiveHealth = (gameId: number, online: boolean) =>
  useQuery({ ...liveHealthQueryOptions(gameId), enabled: online });
