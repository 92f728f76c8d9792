import { useQuery } from '@tanstack/react-query';
import { loadStripeJs } from '../lib/stripe-js';

/** Stripe.js once the server names a publishable key (Stripe configured); idle otherwise. */
export function useStripeJs(publishableKey: string | null) {
  return useQuery({
    queryKey: ['stripe-js', publishableKey],
    queryFn: async () => {
      const stripe = await loadStripeJs(publishableKey ?? '');
      if (!stripe) throw new Error('Stripe.js is not available');
      return stripe;
    },
    enabled: publishableKey !== null,
    // The Stripe object is a live instance, kept for the page's life and never compared.
    staleTime: Infinity,
    gcTime: Infinity,
    structuralSharing: false,
    retry: 1,
  });
}
