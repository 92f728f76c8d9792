import type { Package } from '@rudy/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/**
 * The single-game package of a paid game (GET /packages/{id}): the paywall shows its full price,
 * service fee included, where the viewer chooses between the game and a pass.
 */
export function useGamePrice(packageId: number | null) {
  return useQuery({
    queryKey: ['packages', 'detail', packageId],
    queryFn: ({ signal }) => apiClient.get<Package>(`/packages/${packageId}`, { signal }),
    enabled: packageId !== null,
    staleTime: 60_000,
  });
}
