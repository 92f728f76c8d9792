import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../../lib/api-client';

/**
 * GET of one of the console's commerce lists. Keys start with 'admin', so a console change
 * refreshes them all.
 */
export const useCommerceList = <T>(path: `/admin/${string}`) =>
  useQuery({
    queryKey: ['admin', 'commerce', path],
    queryFn: async ({ signal }) => (await apiClient.get<{ data: T[] }>(path, { signal })).data,
  });

/** DELETE of a commerce item (refused with in_use once it was sold or used). */
export const deleteCommerceItem = (
  path: '/admin/passes' | '/admin/plans' | '/admin/promo-codes' | '/admin/prerolls',
  id: number,
): Promise<unknown> => apiClient.delete(`${path}/${id}`);
