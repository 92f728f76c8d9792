import type { Locale } from '@rudy/contracts';
import { formatMoney as formatAmount, type Currency } from '../../../lib/money';

/** Whole numbers with the language's grouping (12,345 / 12 345). */
export function formatCount(n: number, locale: Locale): string {
  return new Intl.NumberFormat(locale === 'fr' ? 'fr-CA' : 'en-CA').format(Math.round(n));
}

/** Money of the channel, from cents: spec section 9 shows USD and CAD alike as $. */
export const formatMoney = (cents: number, currency: Currency, locale: Locale) =>
  formatAmount(cents / 100, currency, locale);

/** The parts of a duration, for "2 h 05 min", "3 min" or "45 s" (seconds only under a minute). */
export function durationParts(seconds: number) {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return { unit: 'hours', h: String(h), m: String(m).padStart(2, '0') } as const;
  if (m > 0) return { unit: 'minutes', m: String(m) } as const;
  return { unit: 'seconds', s: String(s) } as const;
}

/** Milliseconds as "640 ms" below a second, else seconds with one decimal in the language's way. */
export function firstFrameParts(ms: number, locale: Locale) {
  if (ms < 1000) return { unit: 'ms', value: String(Math.round(ms)) } as const;
  const value = new Intl.NumberFormat(locale === 'fr' ? 'fr-CA' : 'en-CA', {
    maximumFractionDigits: 1,
  }).format(ms / 1000);
  return { unit: 's', value } as const;
}
