import { DEFAULT_LOCALE, isLocale, type Locale } from '@rudy/contracts';
import { useSyncExternalStore } from 'react';
import { loadChunk } from './chunk-load';
import { en, type Namespace, type Resources, type StartUpTexts } from './i18n-resources';
import { STORAGE_KEYS, getItem, setItem } from './storage';
import { Translator, type TextOptions, type TextTree } from './translator';

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
/** A text's key within its namespace; a plural text is asked for without its suffix too. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? `${Prefix}${K}` | `${Prefix}${K extends `${infer Base}_${PluralSuffix}` ? Base : K}`
    : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every text's full key ('events:badge.live'): a key that English does not have fails tsc. */
export type TextKey = { [N in Namespace]: `${N}:${Leaves<Resources[N]>}` }[Namespace];
export type TFunction = (key: TextKey, options?: TextOptions) => string;

/** The texts of every language loaded so far; English, the default and fallback, from the start. */
export const i18n = new Translator<Locale>(DEFAULT_LOCALE, 'common');
for (const [ns, bundle] of Object.entries(en)) i18n.addResourceBundle(DEFAULT_LOCALE, ns, bundle);

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

/** The start-up texts of the languages other than English, each a chunk of its own. */
const START_UP_TEXTS: Partial<Record<Locale, () => Promise<StartUpTexts>>> = {
  fr: () => import('../locales/fr-start-up').then((m) => m.fr),
};
const loadedTexts: Partial<Record<Locale, StartUpTexts>> = {};

/**
 * Fetches a language's start-up texts once (English is in the bundle: default and fallback). A
 * language is loaded before the app switches to it, so no screen renders its English fallback.
 */
export async function loadLocale(locale: Locale): Promise<void> {
  const load = START_UP_TEXTS[locale];
  if (!load || loadedTexts[locale]) return;
  const texts = await loadChunk(load);
  loadedTexts[locale] = texts;
  for (const [ns, bundle] of Object.entries(texts)) {
    i18n.addResourceBundle(locale, ns, bundle as TextTree);
  }
}

/** Loads the language's texts, then switches to it (English if they fail). */
export async function applyLocale(locale: Locale): Promise<Locale> {
  const applied = await loadLocale(locale).then(
    () => locale,
    () => DEFAULT_LOCALE,
  );
  initI18n(applied);
  return applied;
}

/** Switches the app to a language; its texts must be loaded (loadLocale) beforehand. */
export function initI18n(locale: Locale = detectLocale() ?? DEFAULT_LOCALE) {
  void i18n.changeLanguage(locale);
  setDocumentLanguage(locale);
  return i18n;
}

export function currentLocale(): Locale {
  return i18n.language;
}

/** A choice made in the header or footer: applied and remembered. */
export async function changeLocale(locale: Locale) {
  await loadLocale(locale);
  setItem(STORAGE_KEYS.locale, locale);
  await i18n.changeLanguage(locale);
  setDocumentLanguage(locale);
}

function setDocumentLanguage(locale: Locale) {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

const language = () => i18n.language;

/**
 * The texts in the current language: `t` takes fully qualified keys ('events:badge.live'); the
 * component renders again, with a new `t`, when the language changes.
 */
export function useT(): { t: TFunction; i18n: Translator<Locale> } {
  const locale = useSyncExternalStore(i18n.subscribe, language, language);
  return { t: i18n.getFixedT(locale), i18n };
}
