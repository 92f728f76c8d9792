import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { i18n } from '../../../lib/i18n';
import { commerceErrorText, failureReasonText } from './commerce-errors';

type Translate = Parameters<typeof failureReasonText>[0];
const t: Translate = i18n.getFixedT('en');
const fr: Translate = i18n.getFixedT('fr');

describe('failureReasonText', () => {
  it("translates the provider's decline code, whatever words the provider used", () => {
    const stripeWords = {
      failure_code: 'card_declined',
      failure_message: 'Your card was declined',
    };
    expect(failureReasonText(t, stripeWords)).toBe('Your card was declined.');
    expect(
      failureReasonText(t, { failure_code: 'expired_card', failure_message: 'Card expired.' }),
    ).toBe('Your card has expired.');
    expect(
      failureReasonText(fr, { failure_code: 'insufficient_funds', failure_message: 'No funds.' }),
    ).toBe(fr('commerce:buy.failure.reasons.insufficient_funds'));
  });

  it("shows the server's message for a code it has no text for, and nothing without either", () => {
    const order = {
      failure_code: 'processing_error',
      failure_message: 'An error occurred while processing your card.',
    };
    expect(failureReasonText(fr, order)).toBe('An error occurred while processing your card.');
    expect(failureReasonText(t, { failure_code: null, failure_message: null })).toBeNull();
  });
});

describe('commerceErrorText', () => {
  it('maps payment refusals by code, never by text', () => {
    const refusal = new ApiError({
      status: 400,
      code: 'promo_code_expired',
      message: 'Promo code is invalid: it has expired',
      url: '/api/apply_coupon',
    });
    expect(commerceErrorText(fr, refusal)).not.toBe(refusal.message);
    expect(commerceErrorText(fr, refusal)).toBe(fr('commerce:errors.promo_code_expired'));
  });
});
