import { CARD_NUMBER_LENGTH, isCardNumber, type CardInput } from '@rudy/contracts';

/** What the sandbox card form holds, as typed. */
export interface CardFormValues {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}
export type CardField = keyof CardFormValues;
export type CardProblem = 'required' | 'numberInvalid' | 'expiryInvalid' | 'expired' | 'cvcInvalid';

export type CardCheck =
  { ok: true; card: CardInput } | { ok: false; errors: Partial<Record<CardField, CardProblem>> };

export const EMPTY_CARD: CardFormValues = { number: '', expiry: '', cvc: '', name: '' };

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** Groups the digits by four as they are typed ("4242 4242 4242 4242"), at most 19 digits. */
export function formatCardNumber(value: string): string {
  return digitsOf(value)
    .slice(0, CARD_NUMBER_LENGTH.max)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "MM / YY" as it is typed: the slash comes by itself after the month. */
export function formatExpiry(value: string): string {
  const digits = digitsOf(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** Reads "MM / YY", "MM/YY" or "MM/YYYY"; null when it is not a month and a year. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const rawYear = match[2] ?? '';
  const year = rawYear.length === 2 ? 2000 + Number(rawYear) : Number(rawYear);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** Checks the card form before anything is sent; a card is good through its expiry month. */
export function validateCard(values: CardFormValues, now: Date): CardCheck {
  const errors: Partial<Record<CardField, CardProblem>> = {};
  const number = digitsOf(values.number);
  if (!number) errors.number = 'required';
  else if (!isCardNumber(number)) {
    errors.number = 'numberInvalid';
  }
  const expiry = parseExpiry(values.expiry);
  if (!values.expiry.trim()) errors.expiry = 'required';
  else if (!expiry) errors.expiry = 'expiryInvalid';
  else {
    const year = now.getFullYear();
    const month = now.getMonth() + 1;
    if (expiry.year < year || (expiry.year === year && expiry.month < month)) {
      errors.expiry = 'expired';
    }
  }
  const cvc = values.cvc.trim();
  if (!cvc) errors.cvc = 'required';
  else if (!/^\d{3,4}$/.test(cvc)) errors.cvc = 'cvcInvalid';
  if (!values.name.trim()) errors.name = 'required';
  if (Object.keys(errors).length > 0 || !expiry) return { ok: false, errors };
  return {
    ok: true,
    card: { number, exp_month: expiry.month, exp_year: expiry.year, cvc },
  };
}
