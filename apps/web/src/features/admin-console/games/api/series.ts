import type {
  AdminSeries,
  AdminSeriesInput,
  AdminSeriesList,
  AdminSeriesResult,
} from '@rudy/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../../lib/api-client';
import { saveItem } from '../../shared/api/save-item';

/** GET /admin/series: the channel's series of recurring games. */
export const useSeriesList = () =>
  useQuery({
    queryKey: ['admin', 'series'],
    queryFn: ({ signal }) => apiClient.get<AdminSeriesList>('/admin/series', { signal }),
  });

/** GET /admin/series/:id: one series, when the address names it. */
export const useSeries = (id: number | null) =>
  useQuery({
    queryKey: ['admin', 'series', id],
    queryFn: ({ signal }) => apiClient.get<AdminSeries>(`/admin/series/${id}`, { signal }),
    enabled: id !== null,
  });

/** POST /admin/series (new) or PATCH /admin/series/:id (its games not yet over follow). */
export const saveSeries = (
  id: number | null,
  body: AdminSeriesInput & { include_detached?: boolean },
) => saveItem<AdminSeriesResult>('/admin/series', id, body);

/** DELETE /admin/series/:id: cancels the series' games not yet over (sold ones stay). */
export const cancelSeries = (id: number) =>
  apiClient.delete<AdminSeriesResult>(`/admin/series/${id}`);
