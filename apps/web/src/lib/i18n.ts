import { DEFAULT_LOCALE, LOCALES, type Locale } from '@rudy/contracts';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { loadChunk } from './chunk-load';
import { NAMESPACES, en, type Resources, type StartUpTexts } from './i18n-resources';
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

/** The start-up texts of the languages other than English, each a chunk of its own. */
const START_UP_TEXTS: Partial<Record<Locale, () => Promise<StartUpTexts>>> = {
  fr: () => import('../locales/fr-start-up').then((m) => m.fr),
};
const loadedTexts: Partial<Record<Locale, StartUpTexts>> = {};

/**
 * Fetches a language's start-up texts once (English is in the bundle: default and fallback). A
 * language is loaded before i18next switches to it, so no screen renders its English fallback.
 */
export async function loadLocale(locale: Locale): Promise<void> {
  const load = START_UP_TEXTS[locale];
  if (!load || loadedTexts[locale]) return;
  const texts = await loadChunk(load);
  loadedTexts[locale] = texts;
  if (!i18next.isInitialized) return;
  for (const [ns, bundle] of Object.entries(texts)) {
    if (!i18next.hasResourceBundle(locale, ns))
      i18next.addResourceBundle(locale, ns, { ...bundle });
  }
}

/** Loads the language's texts, then starts or switches i18next to it (English if they fail). */
export async function applyLocale(locale: Locale): Promise<Locale> {
  const applied = await loadLocale(locale).then(
    () => locale,
    () => DEFAULT_LOCALE,
  );
  initI18n(applied);
  return applied;
}

function loadedResources() {
  const resources: Partial<Record<Locale, Record<string, Record<string, unknown>>>> = {
    en: { ...en },
  };
  for (const [locale, texts] of Object.entries(loadedTexts)) {
    resources[locale as Locale] = { ...texts };
  }
  return resources;
}

/** Starts or switches i18next; the language's texts must be loaded (loadLocale) beforehand. */
export function initI18n(locale: Locale = detectLocale() ?? DEFAULT_LOCALE) {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      lng: locale,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...LOCALES],
      ns: [...NAMESPACES],
      defaultNS: 'common',
      // Copies: namespaces added later (lazy ones) must not write into the modules' objects.
      resources: loadedResources(),
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
  await loadLocale(locale);
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
