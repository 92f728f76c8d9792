import type { AdminCommerceOptions } from '@rudy/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../../lib/api-client';

/** GET /admin/commerce/options: what the commerce forms choose from. */
export const useCommerceOptions = () =>
  useQuery({
    queryKey: ['admin', 'commerce', 'options'],
    queryFn: ({ signal }) =>
      apiClient.get<AdminCommerceOptions>('/admin/commerce/options', { signal }),
  });
