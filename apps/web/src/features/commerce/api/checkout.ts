import type { CardInput, CheckoutResponse, Order } from '@rudy/contracts';
import { apiClient } from '../../../lib/api-client';
import type { ProductFields } from '../lib/buy-selection';
import type { SecondStepOutcome } from '../lib/checkout-flow';

/** How the buyer pays: a saved card's id, or a new card typed in the sandbox form. */
export type PaymentChoice =
  { kind: 'saved'; paymentMethodId: string } | { kind: 'card'; card: CardInput; saveCard: boolean };

export interface CheckoutRequest {
  product: ProductFields;
  payment: PaymentChoice | null;
  promoCode?: string | undefined;
  /** Start the subscription's free trial (POST /stripe/subscription/start_trial). */
  trial?: boolean;
}

function paymentFields(payment: PaymentChoice | null) {
  if (!payment) return {};
  return payment.kind === 'saved'
    ? { payment_method_id: payment.paymentMethodId }
    : { card: payment.card, save_card: payment.saveCard };
}

/** Picks the spec's call for the request: start_trial, buy_bundle or buy. */
export function submitCheckout(request: CheckoutRequest): Promise<CheckoutResponse> {
  const payment = paymentFields(request.payment);
  const { package_ids, ...product } = request.product;
  if (request.trial && product.subscription_id !== undefined) {
    // A trial keeps the card for the charge at its end, so there is no save_card to send.
    const trialPayment = 'save_card' in payment ? { card: payment.card } : payment;
    return apiClient.post('/stripe/subscription/start_trial', {
      body: { subscription_id: product.subscription_id, ...trialPayment },
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
