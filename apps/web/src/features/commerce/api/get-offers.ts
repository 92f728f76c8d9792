import type { Package, Subscription } from '@rudy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Every commerce query key starts with 'commerce', so a purchase can refresh them together. */
export const COMMERCE_KEY = 'commerce';

/** Passes with the caller's `purchased` flags (GET packages). */
export function packagesQueryOptions() {
  return queryOptions({
    queryKey: [COMMERCE_KEY, 'packages'],
    queryFn: ({ signal }) => apiClient.get<Package[]>('/packages', { signal }),
  });
}

/** Subscriptions with the caller's `purchased` flags (GET subscriptions). */
export function subscriptionsQueryOptions() {
  return queryOptions({
    queryKey: [COMMERCE_KEY, 'subscriptions'],
    queryFn: ({ signal }) => apiClient.get<Subscription[]>('/subscriptions', { signal }),
  });
}

export const usePackages = () => useQuery(packagesQueryOptions());
export const useSubscriptions = () => useQuery(subscriptionsQueryOptions());
