import type {
  AdminCommerceOptions,
  AdminOrderDetail,
  AdminOrdersPage,
  AdminPass,
  AdminPassInput,
  AdminPlan,
  AdminPlanInput,
  AdminPreroll,
  AdminPrerollInput,
  AdminPromo,
  AdminPromoInput,
} from '@rudy/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { saveItem } from './save';

/*
 * The console's commerce calls: passes, plans, promo codes, pre-rolls (list, save, delete), what
 * their forms choose from, and orders (search, detail, refund). Keys start with 'admin', so a
 * console change refreshes them all.
 */

const useList = <T>(path: `/admin/${string}`) =>
  useQuery({
    queryKey: ['admin', 'commerce', path],
    queryFn: async ({ signal }) => (await apiClient.get<{ data: T[] }>(path, { signal })).data,
  });

export const usePasses = () => useList<AdminPass>('/admin/passes');
export const usePlans = () => useList<AdminPlan>('/admin/plans');
export const usePromoCodes = () => useList<AdminPromo>('/admin/promo-codes');
export const usePrerolls = () => useList<AdminPreroll>('/admin/prerolls');

export const useCommerceOptions = () =>
  useQuery({
    queryKey: ['admin', 'commerce', 'options'],
    queryFn: ({ signal }) =>
      apiClient.get<AdminCommerceOptions>('/admin/commerce/options', { signal }),
  });

export const savePass = (id: number | null, body: AdminPassInput) =>
  saveItem<AdminPass>('/admin/passes', id, body);
export const savePlan = (id: number | null, body: AdminPlanInput) =>
  saveItem<AdminPlan>('/admin/plans', id, body);
export const savePromo = (id: number | null, body: AdminPromoInput) =>
  saveItem<AdminPromo>('/admin/promo-codes', id, body);
export const savePreroll = (id: number | null, body: AdminPrerollInput) =>
  saveItem<AdminPreroll>('/admin/prerolls', id, body);

/** DELETE of a commerce item (refused with in_use once it was sold or used). */
export const deleteCommerceItem = (
  path: '/admin/passes' | '/admin/plans' | '/admin/promo-codes' | '/admin/prerolls',
  id: number,
): Promise<unknown> => apiClient.delete(`${path}/${id}`);

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

export const useOrder = (id: number) =>
  useQuery({
    queryKey: ['admin', 'commerce', 'order', id],
    queryFn: ({ signal }) => apiClient.get<AdminOrderDetail>(`/admin/orders/${id}`, { signal }),
  });

/** POST /admin/orders/:id/refund: the whole amount; asking twice refunds once. */
export const refundOrder = (id: number) =>
  apiClient.post<AdminOrderDetail>(`/admin/orders/${id}/refund`, { body: {} });
