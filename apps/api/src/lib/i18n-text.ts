import { DEFAULT_LOCALE, type Locale } from '@rudy/contracts';
import type { I18nText } from '../db/schema.js';

/** Picks a translatable text in the wanted locale, falling back to the default one, then any. */
export function pickText(text: I18nText | null | undefined, locale: Locale): string {
  if (!text) return '';
  return text[locale] ?? text[DEFAULT_LOCALE] ?? Object.values(text).find(Boolean) ?? '';
}

export function pickNullableText(text: I18nText | null | undefined, locale: Locale): string | null {
  return text ? pickText(text, locale) : null;
}
