import type { SocialProvider } from '@rudy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Which social sign-in buttons to show: only providers the server has client ids for. */
export async function getSocialProviders(signal?: AbortSignal): Promise<SocialProvider[]> {
  const res = await apiClient.get<{ providers: SocialProvider[] }>('/auth/providers', { signal });
  return res.providers;
}

export function socialProvidersQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'providers'],
    queryFn: ({ signal }) => getSocialProviders(signal),
    // Configuration, not data: it changes with a deployment.
    staleTime: Infinity,
  });
}

export function useSocialProviders() {
  return useQuery(socialProvidersQueryOptions());
}
