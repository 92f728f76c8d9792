import type { AdminGame } from '@rudy/contracts';
import { apiClient } from '../../../../lib/api-client';

/** POST /admin/games/:id/publish: hidden from viewers (false) or shown again (true). */
export function publishGame(id: number, published: boolean): Promise<AdminGame> {
  return apiClient.post<AdminGame>(`/admin/games/${id}/publish`, { body: { published } });
}
