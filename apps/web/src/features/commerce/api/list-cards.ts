import type { SavedCard } from '@rudy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { COMMERCE_KEY } from './get-offers';

/** The signed-in buyer's saved cards (GET stripe/list-cards). */
export function savedCardsQueryOptions() {
  return queryOptions({
    queryKey: [COMMERCE_KEY, 'cards'],
    queryFn: ({ signal }) => apiClient.get<SavedCard[]>('/stripe/list-cards', { signal }),
  });
}

export const useSavedCards = (enabled: boolean) =>
  useQuery({ ...savedCardsQueryOptions(), enabled });
