import { createHash } from 'node:crypto';
import { isCardNumber, type CardInput } from '@rudy/contracts';

/*
 * The sandbox's test cards, numbered as in Stripe's test mode so the same numbers work with either
 * provider. A card is reduced at once to brand, last four digits and behaviour; the number is never
 * kept or logged.
 */

export type CardBehavior =
  | 'succeed'
  | 'decline'
  | 'insufficient_funds'
  | 'authenticate'
  /** Can be saved, but every charge on it fails (renewal failures). */
  | 'fail_later';

export const TEST_CARDS: Readonly<Record<string, CardBehavior>> = {
  '4242424242424242': 'succeed',
  '5555555555554444': 'succeed',
  '378282246310005': 'succeed',
  '4000000000000002': 'decline',
  '4000000000009995': 'insufficient_funds',
  '4000002500003155': 'authenticate',
  '4000000000000341': 'fail_later',
};

export const FAILURE_MESSAGES: Readonly<Record<string, string>> = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  authentication_failed: 'The card could not be authenticated.',
  expired_card: 'Your card has expired.',
};

export function brandOf(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'unknown';
}

/**
 * The same card gives the same fingerprint, whoever saves it, as Stripe's card.fingerprint does:
 * one free trial per card is checked on it. Migration 0006 computes the same value in SQL.
 */
export function fingerprintOf(digits: string): string {
  const hash = createHash('sha256').update(`sandbox-card:${digits}`).digest('hex');
  return `sbx_${hash.slice(0, 24)}`;
}

/** What a free trial's card set-up accepts: a card that can be charged when the trial ends. */
export const passesSetup = (behavior: CardBehavior) =>
  behavior === 'succeed' || behavior === 'authenticate';

export type CardCheck =
  | { ok: true; brand: string; last4: string; behavior: CardBehavior; fingerprint: string }
  | { ok: false; message: string };

/** Reads a typed card; only the sandbox's test numbers are accepted, as in Stripe's test mode. */
export function checkCard(card: CardInput, now: Date): CardCheck {
  const digits = card.number.replace(/\s+/g, '');
  if (!isCardNumber(digits)) {
    return { ok: false, message: 'Your card number is incorrect.' };
  }
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  if (card.exp_year < year || (card.exp_year === year && card.exp_month < month)) {
    return { ok: false, message: FAILURE_MESSAGES.expired_card ?? 'Your card has expired.' };
  }
  const behavior = TEST_CARDS[digits];
  if (!behavior) {
    return {
      ok: false,
      message: 'Your card was declined: the sandbox accepts test card numbers only.',
    };
  }
  return {
    ok: true,
    brand: brandOf(digits),
    last4: digits.slice(-4),
    behavior,
    fingerprint: fingerprintOf(digits),
  };
}
