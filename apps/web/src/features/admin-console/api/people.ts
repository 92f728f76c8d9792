import type {
  AcceptInvitationSchema,
  AdminInvitation,
  AdminTeamMembers,
  AdminViewer,
  AdminViewerList,
} from '@rudy/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';

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

export const setBlocked = (id: number, blocked: boolean) =>
  apiClient.patch<AdminViewer>(`/admin/viewers/${id}/blocked`, { body: { blocked } });

/** GET /admin/admins: the admins and the open invitations. */
export const useAdminTeam = () =>
  useQuery({
    queryKey: ['admin', 'admins'],
    queryFn: ({ signal }) => apiClient.get<AdminTeamMembers>('/admin/admins', { signal }),
  });

export const inviteAdmin = (body: { email: string }) =>
  apiClient.post<AdminInvitation>('/admin/admins/invitations', { body: { ...body } });
export const withdrawInvitation = (id: number) =>
  apiClient.delete(`/admin/admins/invitations/${id}`);
export const removeAdmin = (id: number) => apiClient.delete(`/admin/admins/${id}`);

/** POST /admin-invitations/accept: the signed-in user takes the invitation mailed to them. */
export const acceptInvitation = (token: string) =>
  apiClient.post<z.infer<typeof AcceptInvitationSchema>>('/admin-invitations/accept', {
    body: { token },
  });
