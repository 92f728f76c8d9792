import { DEFAULT_LOCALE, LOCALES, type Locale } from '@rudy/contracts';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { NAMESPACES, en, fr, type Resources } from './i18n-resources';
import { STORAGE_KEYS, getItem, setItem } from './storage';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources;
  }
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The visitor's own choice wins, then the browser's languages; the channel's default comes later. */
export function detectLocale(): Locale | null {
  const stored = getItem(STORAGE_KEYS.locale);
  if (isLocale(stored)) return stored;
  const languages = globalThis.navigator?.languages ?? [globalThis.navigator?.language ?? ''];
  for (const language of languages) {
    const base = language.slice(0, 2).toLowerCase();
    if (isLocale(base)) return base;
  }
  return null;
}

export function hasStoredLocale() {
  return isLocale(getItem(STORAGE_KEYS.locale));
}

export function initI18n(locale: Locale = detectLocale() ?? DEFAULT_LOCALE) {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      lng: locale,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...LOCALES],
      ns: [...NAMESPACES],
      defaultNS: 'common',
      // Copies: namespaces added later (lazy ones) must not write into the modules' objects.
      resources: { en: { ...en }, fr: { ...fr } },
      // React escapes; escaping twice would show entities.
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
  } else if (i18next.language !== locale) {
    void i18next.changeLanguage(locale);
  }
  setDocumentLanguage(locale);
  return i18next;
}

export function currentLocale(): Locale {
  const language = i18next.resolvedLanguage ?? i18next.language;
  return isLocale(language) ? language : DEFAULT_LOCALE;
}

/** A choice made in the header or footer: applied and remembered. */
export async function changeLocale(locale: Locale) {
  setItem(STORAGE_KEYS.locale, locale);
  await i18next.changeLanguage(locale);
  setDocumentLanguage(locale);
}

function setDocumentLanguage(locale: Locale) {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

export { i18next };

/** useTranslation over every namespace, so components write fully qualified keys ('events:badge.live'). */
export function useT() {
  return useTranslation(NAMESPACES);
}
