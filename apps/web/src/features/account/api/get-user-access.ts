import type { UserAccess } from '@rudy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Capabilities and feature counts from the user's active purchases (spec section 3). */
export function getUserAccess(signal?: AbortSignal): Promise<UserAccess> {
  return apiClient.get<UserAccess>('/user/access', { signal });
}

export function userAccessQueryOptions() {
  return queryOptions({
    queryKey: ['account', 'access'],
    queryFn: ({ signal }) => getUserAccess(signal),
  });
}

export function useUserAccess() {
  return useQuery(userAccessQueryOptions());
}
