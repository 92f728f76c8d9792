import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import type { SetupIntentResponse } from '@rudy/contracts';
import type { SecondStepOutcome } from './checkout-flow';

const loaded = new Map<string, Promise<Stripe | null>>();

/**
 * Stripe.js for a publishable key. The `pure` entry adds the js.stripe.com script only when this
 * runs, and the dynamic import keeps the loader out of every bundle but the Buy screen's.
 */
export function loadStripeJs(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = import('@stripe/stripe-js/pure').then(({ loadStripe }) => loadStripe(publishableKey));
    // A failed load (offline, blocked script) may be tried again.
    stripe.catch(() => loaded.delete(publishableKey));
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}

/** Stripe's own words about the card (already in the buyer's language), shown on the form. */
export class StripeCardError extends Error {
  constructor(message: string | undefined) {
    super(message ?? 'Your card could not be used.');
    this.name = 'StripeCardError';
  }
}

/**
 * The card typed in the Card Element as a payment method id for the API. A one-off purchase
 * creates the payment method; a plan saves the card first through a SetupIntent
 * (POST /stripe/setup-intent, then stripe.confirmCardSetup), since renewals charge it later.
 */
export async function stripePaymentMethod(
  stripe: Stripe,
  card: StripeCardElement,
  opts: { forPlan: boolean; setupIntent: () => Promise<SetupIntentResponse> },
): Promise<string> {
  if (!opts.forPlan) {
    const { paymentMethod, error } = await stripe.createPaymentMethod({ type: 'card', card });
    if (error) throw new StripeCardError(error.message);
    return paymentMethod.id;
  }
  const setup = await opts.setupIntent();
  if (!setup.client_secret) throw new StripeCardError(undefined);
  const { setupIntent, error } = await stripe.confirmCardSetup(setup.client_secret, {
    payment_method: { card },
  });
  if (error) throw new StripeCardError(error.message);
  const method = setupIntent.payment_method;
  if (!method) throw new StripeCardError(undefined);
  return typeof method === 'string' ? method : method.id;
}

/**
 * The card's second step (3-D Secure) done by Stripe.js with the PaymentIntent's client_secret;
 * the API then reads the outcome from Stripe (POST stripe/confirm).
 */
export async function confirmStripeStep(
  stripe: Stripe,
  clientSecret: string,
): Promise<SecondStepOutcome> {
  const { error } = await stripe.confirmCardPayment(clientSecret);
  return error ? 'deny' : 'approve';
}
