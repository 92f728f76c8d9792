import type { FavoriteDeleted } from '@rudy/contracts';
import { apiClient } from '../../../lib/api-client';

export function removeFavorite(id: number): Promise<FavoriteDeleted> {
  return apiClient.delete<FavoriteDeleted>(`/favorite/${id}`);
}
