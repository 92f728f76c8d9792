import type { AdminInvitation, AdminTeamMembers } from '@rudy/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../../lib/api-client';

/** GET /admin/admins: the admins and the open invitations. */
export const useAdminTeam = () =>
  useQuery({
    queryKey: ['admin', 'admins'],
    queryFn: ({ signal }) => apiClient.get<AdminTeamMembers>('/admin/admins', { signal }),
  });

/** POST /admin/admins/invitations, DELETE /admin/admins/invitations/:id, DELETE /admin/admins/:id. */
export const inviteAdmin = (body: { email: string }) =>
  apiClient.post<AdminInvitation>('/admin/admins/invitations', { body: { ...body } });
export const withdrawInvitation = (id: number) =>
  apiClient.delete(`/admin/admins/invitations/${id}`);
export const removeAdmin = (id: number) => apiClient.delete(`/admin/admins/${id}`);
