import { CURRENCY_SYMBOL, type Locale } from '@rudy/contracts';

export type Currency = keyof typeof CURRENCY_SYMBOL;

/**
 * Prices as the spec wants them: USD and CAD both read "$". English puts the symbol first
 * ("$12.50"), French after the amount with its own separators ("12,50 $").
 */
export function formatMoney(amount: number, currency: Currency, locale: Locale): string {
  const number = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
  const symbol = CURRENCY_SYMBOL[currency];
  return locale === 'fr' ? `${number}\u00a0${symbol}` : `${symbol}${number}`;
}
