import type { CardInput, SetupIntentResponse } from '@rudy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { savedCardsQueryOptions } from './list-cards';

/** POST /stripe/setup-intent: the sandbox saves `card` at once; Stripe answers a client_secret. */
export function setupIntent(card?: CardInput) {
  return apiClient.post<SetupIntentResponse>('/stripe/setup-intent', {
    body: card ? { card } : {},
  });
}

/** Saves a sandbox card; the list of saved cards is read again. */
export function useSaveSandboxCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (card: CardInput) => setupIntent(card),
    onSuccess: () => queryClient.invalidateQueries(savedCardsQueryOptions()),
  });
}

/** GET /stripe/customer-portal, then off to the provider's billing page. */
export function useOpenCustomerPortal() {
  return useMutation({
    mutationFn: () => apiClient.get<{ url: string }>('/stripe/customer-portal'),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
