import type { Order } from '@rudy/contracts';
import { isApiError } from '../../../lib/api-error';
import { isOneOf } from '../../../lib/code-list';
import { apiErrorText, type Translate } from '../../../lib/form-messages';
import '../../../locales/commerce';

/** Refusals of the payment calls that have a text of their own (the rest read as the generic one). */
const COMMERCE_CODES = [
  'card_required',
  'card_invalid',
  'payment_failed',
  'already_purchased',
  'trial_already_used',
  'trial_unavailable',
  'event_not_for_sale',
  'product_unavailable',
  'bundle_invalid',
  'payment_provider_error',
  'id_not_selected',
  'pass_not_found',
  'wrong_promo_code',
  'promo_code_invalid',
  'promo_code_expired',
  'promo_code_not_applicable',
  'promo_code_used_up',
  'promo_code_already_used',
  'order_pending',
  'email_not_verified',
  'trial_card_declined',
  'trial_card_used',
  'order_not_resumable',
] as const;
export const isCommerceCode = isOneOf(COMMERCE_CODES);

/** The translated text for a failed payment call, chosen by its code. */
export function commerceErrorText(t: Translate, error: unknown): string {
  if (isApiError(error) && isCommerceCode(error.code)) return t(`commerce:errors.${error.code}`);
  return apiErrorText(t, error);
}

/** Decline codes of the payment providers (Stripe's and the sandbox's) that have a text of their own. */
const FAILURE_REASONS = [
  'card_declined',
  'insufficient_funds',
  'authentication_failed',
  'expired_card',
] as const;
const isFailureReason = isOneOf(FAILURE_REASONS);

/**
 * Why an order failed, in the visitor's language, chosen by the provider's decline code. A code
 * the client has no text for shows the server's message (the provider's own words, better than
 * nothing); no code and no message, nothing.
 */
export function failureReasonText(
  t: Translate,
  order: Pick<Order, 'failure_code' | 'failure_message'>,
): string | null {
  const code = order.failure_code;
  if (code && isFailureReason(code)) return t(`commerce:buy.failure.reasons.${code}`);
  return order.failure_message;
}
