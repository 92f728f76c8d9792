import type { AdminOrderDetail } from '@rudy/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../../lib/api-client';

/** GET /admin/orders/:id: the order with its payments and what it granted. */
export const useOrder = (id: number) =>
  useQuery({
    queryKey: ['admin', 'commerce', 'order', id],
    queryFn: ({ signal }) => apiClient.get<AdminOrderDetail>(`/admin/orders/${id}`, { signal }),
  });

/** POST /admin/orders/:id/refund: the whole amount; asking twice refunds once. */
export const refundOrder = (id: number) =>
  apiClient.post<AdminOrderDetail>(`/admin/orders/${id}/refund`, { body: {} });
