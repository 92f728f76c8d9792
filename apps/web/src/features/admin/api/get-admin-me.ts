import type { AdminMe } from '@rudy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** GET /admin/me: the signed-in admin and their channel; 403 for anyone else. */
export function getAdminMe(signal?: AbortSignal): Promise<AdminMe> {
  return apiClient.get<AdminMe>('/admin/me', { signal });
}

export function adminMeQueryOptions(userId: number | null) {
  return queryOptions({
    // Per user: another sign-in in this tab must ask again.
    queryKey: ['admin', 'me', userId],
    queryFn: ({ signal }) => getAdminMe(signal),
    retry: false,
    staleTime: 60_000,
  });
}

export function useAdminMe(userId: number | null) {
  return useQuery(adminMeQueryOptions(userId));
}
