import type { Profile } from '@rudy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';

/**
 * The signed-in user, or null for an anonymous key. No key yet is anonymous too (none is minted
 * just to ask). A key this client got anonymously is not asked about (the API would answer 401, an
 * error in every visitor's console); any other key is, and its 401 means anonymous too.
 */
export async function getProfile(signal?: AbortSignal): Promise<Profile | null> {
  if (!apiClient.hasKey() || apiClient.keyIsAnonymous()) return null;
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
