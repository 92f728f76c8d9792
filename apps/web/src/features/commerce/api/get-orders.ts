import type { Order } from '@rudy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { COMMERCE_KEY } from './get-offers';

interface OrdersPage {
  data: Order[];
  meta: { total: number; offset: number; limit: number };
}

/** The user's orders, all in one page (spec: `no_limit=1` unless a limit is given). */
export function ordersQueryOptions(filter: { active?: boolean } = {}) {
  return queryOptions({
    queryKey: [COMMERCE_KEY, 'orders', filter],
    queryFn: async ({ signal }) => {
      const page = await apiClient.get<OrdersPage>('/orders', {
        query: { no_limit: 1, ...(filter.active && { active: 1 }) },
        signal,
      });
      return page.data;
    },
  });
}

export const useOrders = (filter: { active?: boolean } = {}) =>
  useQuery(ordersQueryOptions(filter));
