import type { StripeCardElement } from '@stripe/stripe-js';
import { useCallback, useRef } from 'react';
import { usePaymentsConfig } from '../api/payments-config';
import { useStripeJs } from './use-stripe-js';

/**
 * Who takes a new card: the sandbox, or Stripe with Stripe.js loaded (`stripe`) and its card
 * element (`stripeCard`, set through `onStripeCard`). `stripeMissing`: Stripe is configured but
 * cannot take a card (no publishable key, or Stripe.js failed to load).
 */
export function useCardProvider() {
  const payments = usePaymentsConfig();
  const provider = payments.data?.provider;
  const stripeJs = useStripeJs(
    provider === 'stripe' ? (payments.data?.publishable_key ?? null) : null,
  );
  const stripeCard = useRef<StripeCardElement | null>(null);
  const onStripeCard = useCallback((element: StripeCardElement | null) => {
    stripeCard.current = element;
  }, []);
  return {
    payments,
    provider,
    stripe: stripeJs.data ?? null,
    stripeMissing: provider === 'stripe' && (!payments.data?.publishable_key || stripeJs.isError),
    stripeCard,
    onStripeCard,
  };
}
