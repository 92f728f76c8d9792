import type { Profile } from '@rudy/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { PROFILE_QUERY_KEY } from '../api/get-profile';

/** The signed-in user as start-up left it in the cache; route loaders decide redirects with it. */
export function cachedUser(queryClient: QueryClient): Profile | null {
  return queryClient.getQueryData<Profile | null>(PROFILE_QUERY_KEY) ?? null;
}

/** Spec: a 401 on any call other than /profile means the sign-in is gone. */
export function resetUser(queryClient: QueryClient) {
  queryClient.setQueryData(PROFILE_QUERY_KEY, null);
}
