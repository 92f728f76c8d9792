import type { AdminViewer, AdminViewerList } from '@rudy/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../../lib/api-client';

export const VIEWERS_PAGE = 25;

/** GET /admin/viewers: users whose e-mail or name holds `q`, newest first. */
export const useViewers = (q: string, offset: number) =>
  useQuery({
    queryKey: ['admin', 'viewers', q, offset],
    queryFn: ({ signal }) =>
      apiClient.get<AdminViewerList>('/admin/viewers', {
        signal,
        query: { q, offset, limit: VIEWERS_PAGE },
      }),
    placeholderData: keepPreviousData,
  });

/** GET /admin/viewers/:id: capabilities, passes and subscriptions. */
export const useViewer = (id: number) =>
  useQuery({
    queryKey: ['admin', 'viewer', id],
    queryFn: ({ signal }) => apiClient.get<AdminViewer>(`/admin/viewers/${id}`, { signal }),
  });

/** PATCH /admin/viewers/:id/blocked. */
export const setBlocked = (id: number, blocked: boolean) =>
  apiClient.patch<AdminViewer>(`/admin/viewers/${id}/blocked`, { body: { blocked } });
