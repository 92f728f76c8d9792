import type { Order } from '@rudy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { COMMERCE_KEY } from './get-offers';

/** POST stripe/unsubscribe: ends auto-renewal; access lasts until the paid period ends. */
export function unsubscribe(orderId: number) {
  return apiClient.post<{ status: 'success'; order: Order }>('/stripe/unsubscribe', {
    body: { order_id: orderId },
  });
}

export function useUnsubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unsubscribe,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [COMMERCE_KEY] }),
  });
}

/** POST stripe/resume: auto-renewal back on before the subscription ends (idempotent). */
export function resumeRenewal(orderId: number) {
  return apiClient.post<{ status: 'success'; order: Order }>('/stripe/resume', {
    body: { order_id: orderId },
  });
}

export function useResumeRenewal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeRenewal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [COMMERCE_KEY] }),
  });
}
