import type { CardInput, CheckoutResponse, Order } from '@rudy/contracts';
import { apiClient } from '../../../lib/api-client';
import type { ProductFields } from '../lib/buy-selection';
import type { SecondStepOutcome } from '../lib/checkout-flow';

/**
 * How the buyer pays: a payment method id (a saved card, or a new card Stripe.js turned into one,
 * then maybe kept), or a new card typed in the sandbox form.
 */
export type PaymentChoice =
  | { kind: 'saved'; paymentMethodId: string; saveCard?: boolean }
  | { kind: 'card'; card: CardInput; saveCard: boolean };

export interface CheckoutRequest {
  product: ProductFields;
  payment: PaymentChoice | null;
  promoCode?: string | undefined;
  /** Start the subscription's free trial (POST /stripe/subscription/start_trial). */
  trial?: boolean;
}

/** The card fields of a call; `keep` adds save_card (a trial keeps its card anyway). */
function paymentFields(payment: PaymentChoice | null, keep = true) {
  if (!payment) return {};
  const source =
    payment.kind === 'saved'
      ? { payment_method_id: payment.paymentMethodId }
      : { card: payment.card };
  return keep && payment.saveCard ? { ...source, save_card: true } : source;
}

/** Picks the spec's call for the request: start_trial, buy_bundle or buy. */
export function submitCheckout(request: CheckoutRequest): Promise<CheckoutResponse> {
  const payment = paymentFields(request.payment);
  const { package_ids, ...product } = request.product;
  if (request.trial && product.subscription_id !== undefined) {
    // A trial keeps the card for the charge at its end, so there is no save_card to send.
    return apiClient.post('/stripe/subscription/start_trial', {
      body: { subscription_id: product.subscription_id, ...paymentFields(request.payment, false) },
    });
  }
  const promo = request.promoCode ? { promo_code: request.promoCode } : {};
  if (package_ids) {
    return apiClient.post('/stripe/buy_bundle', { body: { package_ids, ...payment, ...promo } });
  }
  return apiClient.post('/stripe/buy', { body: { ...product, ...payment, ...promo } });
}

/** After the second step: POST stripe/confirm {order_id, outcome}. */
export function confirmPayment(orderId: number, outcome: SecondStepOutcome) {
  return apiClient.post<CheckoutResponse>('/stripe/confirm', {
    body: { order_id: orderId, outcome },
  });
}

/** GET orders/{id}: the order, polled until it settles. */
export function getOrder(id: number, signal?: AbortSignal): Promise<Order> {
  return apiClient.get<Order>(`/orders/${id}`, { signal });
}
