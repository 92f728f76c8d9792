import type { Page } from '@rudy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export function getPage(id: number, signal?: AbortSignal): Promise<Page> {
  return apiClient.get<Page>(`/pages/${id}`, { signal });
}

export function pageQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['channel', 'page', id],
    queryFn: ({ signal }) => getPage(id, signal),
    staleTime: 5 * 60_000,
  });
}

export function usePage(id: number | null) {
  return useQuery({ ...pageQueryOptions(id ?? 0), enabled: id !== null });
}
