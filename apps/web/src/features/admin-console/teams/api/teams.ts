import type { AdminTeam, AdminTeamInput } from '@rudy/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../../lib/api-client';
import { saveItem } from '../../shared/api/save-item';

/** GET /admin/teams: every team of the channel with its number of games. */
export const useTeams = () =>
  useQuery({
    queryKey: ['admin', 'teams'],
    queryFn: async ({ signal }) =>
      (await apiClient.get<{ data: AdminTeam[] }>('/admin/teams', { signal })).data,
  });

/** POST /admin/teams (new) or PATCH /admin/teams/:id. */
export const saveTeam = (id: number | null, body: AdminTeamInput) =>
  saveItem<AdminTeam>('/admin/teams', id, body);

/** DELETE /admin/teams/:id (refused with in_use while the team plays in games). */
export function deleteTeam(id: number): Promise<unknown> {
  return apiClient.delete(`/admin/teams/${id}`);
}
