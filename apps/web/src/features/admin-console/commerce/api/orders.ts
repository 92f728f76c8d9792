import type { AdminOrdersPage } from '@rudy/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../../lib/api-client';

export interface OrdersSearch {
  q: string;
  status: '' | 'created' | 'failed' | 'paid' | 'refunded';
  offset: number;
}
export const ORDERS_PAGE = 25;

/** GET /admin/orders: newest first; `q` is an e-mail (part) or an order id. */
export const useOrders = (s: OrdersSearch) =>
  useQuery({
    queryKey: ['admin', 'commerce', 'orders', s],
    queryFn: ({ signal }) =>
      apiClient.get<AdminOrdersPage>('/admin/orders', {
        signal,
        query: {
          ...(s.q.trim() ? { q: s.q.trim() } : {}),
          ...(s.status ? { status: s.status } : {}),
          offset: s.offset,
          limit: ORDERS_PAGE,
        },
      }),
    placeholderData: keepPreviousData,
  });
