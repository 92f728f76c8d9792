import type { AdminTeam, AdminTeamInput } from '@rudy/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** GET /admin/teams: every team of the channel with its number of games. */
export const useTeams = () =>
  useQuery({
    queryKey: ['admin', 'teams'],
    queryFn: async ({ signal }) =>
      (await apiClient.get<{ data: AdminTeam[] }>('/admin/teams', { signal })).data,
  });

/** POST /admin/teams (new) or PATCH /admin/teams/:id. */
export function saveTeam(id: number | null, body: AdminTeamInput): Promise<AdminTeam> {
  return id === null
    ? apiClient.post<AdminTeam>('/admin/teams', { body: { ...body } })
    : apiClient.patch<AdminTeam>(`/admin/teams/${id}`, { body: { ...body } });
}

/** DELETE /admin/teams/:id (refused with in_use while the team plays in games). */
export function deleteTeam(id: number): Promise<unknown> {
  return apiClient.delete(`/admin/teams/${id}`);
}
