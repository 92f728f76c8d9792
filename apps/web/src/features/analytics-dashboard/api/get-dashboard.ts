import type { AnalyticsDashboard, AnalyticsStreamFilter } from '@rudy/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export interface DashboardFilters {
  from: string;
  to: string;
  stream: AnalyticsStreamFilter;
}

/** GET /admin/analytics/dashboard: every figure of the period, from the hourly rollups. */
export function getDashboard(f: DashboardFilters, signal?: AbortSignal) {
  return apiClient.get<AnalyticsDashboard>('/admin/analytics/dashboard', {
    query: { from: f.from, to: f.to, stream: f.stream },
    signal,
  });
}

export function dashboardQueryOptions(f: DashboardFilters) {
  return queryOptions({
    queryKey: ['admin', 'analytics', 'dashboard', f.from, f.to, f.stream],
    queryFn: ({ signal }) => getDashboard(f, signal),
    // A period that includes today keeps moving: read it again every minute while on screen.
    refetchInterval: 60_000,
    // Changing a filter keeps the last figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useDashboard(f: DashboardFilters) {
  return useQuery(dashboardQueryOptions(f));
}
