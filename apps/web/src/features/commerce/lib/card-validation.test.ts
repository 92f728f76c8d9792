import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatExpiry, parseExpiry, validateCard } from './card-validation';

const MARCH_2026 = new Date(2026, 2, 15);
const good = { number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123', name: 'Ann Lee' };

describe('card validation', () => {
  it('accepts a test card and reads its expiry', () => {
    expect(validateCard(good, MARCH_2026)).toEqual({
      ok: true,
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
    });
  });

  it('names every empty field', () => {
    expect(validateCard({ number: '', expiry: '', cvc: '', name: ' ' }, MARCH_2026)).toEqual({
      ok: false,
      errors: { number: 'required', expiry: 'required', cvc: 'required', name: 'required' },
    });
  });

  it('refuses a mistyped number, a bad month, a past expiry and a short CVC', () => {
    const check = (values: Partial<typeof good>) =>
      validateCard({ ...good, ...values }, MARCH_2026);
    expect(check({ number: '4242 4242 4242 4241' })).toMatchObject({
      errors: { number: 'numberInvalid' },
    });
    expect(check({ number: '4242 4242' })).toMatchObject({ errors: { number: 'numberInvalid' } });
    expect(check({ expiry: '13 / 30' })).toMatchObject({ errors: { expiry: 'expiryInvalid' } });
    expect(check({ expiry: '02 / 26' })).toMatchObject({ errors: { expiry: 'expired' } });
    expect(check({ cvc: '12' })).toMatchObject({ errors: { cvc: 'cvcInvalid' } });
  });

  it('keeps a card valid through its expiry month', () => {
    expect(validateCard({ ...good, expiry: '03/2026' }, MARCH_2026).ok).toBe(true);
  });

  it('checks the Luhn sum of the typed number (one mistyped digit is refused)', () => {
    expect(validateCard({ ...good, number: '4000 0025 0000 3155' }, MARCH_2026).ok).toBe(true);
    expect(validateCard({ ...good, number: '4000 0025 0000 3156' }, MARCH_2026)).toMatchObject({
      ok: false,
      errors: { number: 'numberInvalid' },
    });
  });

  it('formats as the buyer types', () => {
    expect(formatCardNumber('4242424242424242999')).toBe('4242 4242 4242 4242 999');
    expect(formatCardNumber('4242-42x')).toBe('4242 42');
    expect(formatExpiry('1230')).toBe('12 / 30');
    expect(formatExpiry('1')).toBe('1');
    expect(parseExpiry('7/29')).toEqual({ month: 7, year: 2029 });
    expect(parseExpiry('0/29')).toBeNull();
  });
});
