import type { PaymentsConfig } from '@rudy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { COMMERCE_KEY } from './get-offers';

/** GET /payments/config: the card processor (Stripe or sandbox) and its browser key. */
export function paymentsConfigQueryOptions() {
  return queryOptions({
    queryKey: [COMMERCE_KEY, 'payments-config'],
    queryFn: ({ signal }) => apiClient.get<PaymentsConfig>('/payments/config', { signal }),
    // Fixed for the server's lifetime.
    staleTime: Infinity,
  });
}

export const usePaymentsConfig = () => useQuery(paymentsConfigQueryOptions());
