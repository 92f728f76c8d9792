import type { Favorite, FavoritableType } from '@rudy/contracts';
import { apiClient } from '../../../lib/api-client';

export interface FavoriteTarget {
  favoritable_id: number;
  favoritable_type: FavoritableType;
}

/** Idempotent on the server: adding twice answers the existing favourite. */
export function addFavorite(target: FavoriteTarget): Promise<Favorite> {
  return apiClient.post<Favorite>('/favorite', { body: { ...target } });
}
