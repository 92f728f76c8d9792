import type { Favorite } from '@rudy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export function getFavorites(signal?: AbortSignal): Promise<Favorite[]> {
  return apiClient.get<Favorite[]>('/favorites', { signal });
}

/**
 * The signed-in user's favourites. Keyed by user, so a sign-in as someone else on the same device
 * never shows the previous user's stars; anonymous visitors have none and never ask (the API
 * would answer 401, which resets the sign-in).
 */
export function favoritesQueryOptions(userId: number | null) {
  return queryOptions({
    queryKey: ['favorites', userId],
    queryFn: ({ signal }) => getFavorites(signal),
    enabled: userId !== null,
    staleTime: 5 * 60_000,
  });
}

export function useFavorites(userId: number | null) {
  return useQuery(favoritesQueryOptions(userId));
}
