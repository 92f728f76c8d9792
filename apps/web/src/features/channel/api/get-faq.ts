import type { FaqItem } from '@rudy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export function getFaq(signal?: AbortSignal): Promise<FaqItem[]> {
  return apiClient.get<FaqItem[]>('/faq', { signal });
}

export function faqQueryOptions() {
  return queryOptions({
    queryKey: ['channel', 'faq'],
    queryFn: ({ signal }) => getFaq(signal),
    staleTime: 5 * 60_000,
  });
}

export function useFaq() {
  return useQuery(faqQueryOptions());
}
