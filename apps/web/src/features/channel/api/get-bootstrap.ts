import type { BootstrapData } from '@rudy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export function getBootstrap(signal?: AbortSignal): Promise<BootstrapData> {
  return apiClient.get<BootstrapData>('/channel-bootstrap-data', {
    query: { client_interface: 'web' },
    signal,
  });
}

export function bootstrapQueryOptions() {
  return queryOptions({
    queryKey: ['channel', 'bootstrap'],
    queryFn: ({ signal }) => getBootstrap(signal),
    // Channel set-up changes rarely; keep it for the visit and refresh it in the background.
    staleTime: 5 * 60_000,
  });
}

export function useBootstrap() {
  return useQuery(bootstrapQueryOptions());
}
