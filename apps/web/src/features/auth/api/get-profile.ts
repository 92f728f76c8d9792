import type { Profile } from '@rudy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';

/** The signed-in user, or null for an anonymous key (the API answers 401, which is not an error). */
export async function getProfile(signal?: AbortSignal): Promise<Profile | null> {
  try {
    return await apiClient.get<Profile>('/profile', { signal });
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export const PROFILE_QUERY_KEY = ['auth', 'profile'] as const;

export function profileQueryOptions() {
  return queryOptions({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: ({ signal }) => getProfile(signal),
    staleTime: 5 * 60_000,
  });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
