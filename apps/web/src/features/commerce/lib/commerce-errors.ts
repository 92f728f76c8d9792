import { isApiError } from '../../../lib/api-error';
import { apiErrorText, type Translate } from '../../../lib/form-messages';

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
type CommerceCode = (typeof COMMERCE_CODES)[number];

export const isCommerceCode = (code: string): code is CommerceCode =>
  (COMMERCE_CODES as readonly string[]).includes(code);

/** The translated text for a failed payment call, chosen by its code. */
export function commerceErrorText(t: Translate, error: unknown): string {
  if (isApiError(error) && isCommerceCode(error.code)) return t(`commerce:errors.${error.code}`);
  return apiErrorText(t, error);
}

type FailureReason =
  'card_declined' | 'insufficient_funds' | 'authentication_failed' | 'expired_card';
const REASON_BY_TEXT: Record<string, FailureReason> = {
  'Your card was declined.': 'card_declined',
  'Your card has insufficient funds.': 'insufficient_funds',
  'The card could not be authenticated.': 'authentication_failed',
  'Your card has expired.': 'expired_card',
};

/**
 * Why an order failed, in the visitor's language. Orders carry the provider's English text; the
 * known ones are translated, any other is shown as given (it still says more than nothing).
 */
export function failureReasonText(t: Translate, message: string | null): string | null {
  if (!message) return null;
  const reason = REASON_BY_TEXT[message];
  return reason ? t(`commerce:buy.failure.reasons.${reason}`) : message;
}
