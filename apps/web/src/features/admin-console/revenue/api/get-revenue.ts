import type { AdminRevenue } from '@rudy/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../../lib/api-client';

export interface RevenueFilter {
  from: string;
  to: string;
  group: 'day' | 'week' | 'month';
}

/** GET /admin/revenue: the range's paid orders by period, product and game, and Stripe's side. */
export const revenueQueryOptions = (f: RevenueFilter) => ({
  queryKey: ['admin', 'revenue', f.from, f.to, f.group] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiClient.get<AdminRevenue>('/admin/revenue', { query: { ...f }, signal }),
  placeholderData: keepPreviousData,
});

export const useRevenue = (f: RevenueFilter) => useQuery(revenueQueryOptions(f));

/**
 * The CSV export's address: a plain download, so the browser saves it. GET carries the key in the
 * query, as every GET of the API does (spec section 7).
 */
export async function revenueCsvUrl(f: RevenueFilter, lang: string): Promise<string> {
  const key = await apiClient.ensureApiKey();
  const query = new URLSearchParams({ from: f.from, to: f.to, group: f.group, lang, api_key: key });
  return `${apiClient.getConfig()?.api_base ?? '/api'}/admin/revenue.csv?${query.toString()}`;
}
