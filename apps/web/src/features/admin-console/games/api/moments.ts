import type {
  AdminMoment,
  AdminMomentList,
  AdminReel,
  AdminReelList,
  ReelSettings,
} from '@rudy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../../lib/api-client';

/** GET /admin/games/:id/moments: the game's key moments; followed while the panel is open. */
export function adminMomentsQueryOptions(gameId: number) {
  return queryOptions({
    queryKey: ['admin', 'moments', gameId],
    queryFn: ({ signal }) =>
      apiClient.get<AdminMomentList>(`/admin/games/${gameId}/moments`, { signal }),
    // A live game's detector adds moments as it goes.
    refetchInterval: 5_000,
  });
}
export const useAdminMoments = (gameId: number) => useQuery(adminMomentsQueryOptions(gameId));

/** POST /admin/games/:id/moments: "Mark moment" now (live), with an optional label. */
export const markMoment = (gameId: number, label: string | null) =>
  apiClient.post<AdminMoment>(`/admin/games/${gameId}/moments`, {
    body: label ? { label } : {},
  });

/** PATCH /admin/moments/:id: a moment's new label (empty: none). */
export const relabelMoment = (id: number, label: string) =>
  apiClient.patch<AdminMoment>(`/admin/moments/${id}`, {
    body: { label: label.trim() === '' ? null : label.trim() },
  });

/** DELETE /admin/moments/:id. */
export const removeMoment = (id: number) =>
  apiClient.delete<{ id: number; deleted: true }>(`/admin/moments/${id}`);

/** GET /admin/reels: highlights reels waiting for approval. */
export function pendingReelsQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'reels'],
    queryFn: ({ signal }) => apiClient.get<AdminReelList>('/admin/reels', { signal }),
  });
}
export const usePendingReels = () => useQuery(pendingReelsQueryOptions());

/** POST /admin/games/:id/reel/approve|discard. */
export const decideReel = (gameId: number, decision: 'approve' | 'discard') =>
  apiClient.post<AdminReel>(`/admin/games/${gameId}/reel/${decision}`, {});

/** GET and PATCH /admin/reel-settings: whether reels wait for approval. */
export function reelSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'reel-settings'],
    queryFn: ({ signal }) => apiClient.get<ReelSettings>('/admin/reel-settings', { signal }),
  });
}
export const useReelSettings = () => useQuery(reelSettingsQueryOptions());
export const saveReelSettings = (body: ReelSettings) =>
  apiClient.patch<ReelSettings>('/admin/reel-settings', { body });
