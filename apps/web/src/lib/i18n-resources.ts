// Explicit imports (not a glob) so the English files type `t()` keys: a missing key fails tsc.
// Only English here: French loads with the language (see StartUpTexts).
import enAuth from '../locales/en/auth.json';
import enChannel from '../locales/en/channel.json';
import enCommon from '../locales/en/common.json';
import enErrors from '../locales/en/errors.json';
import enEvents from '../locales/en/events.json';
import enFavorites from '../locales/en/favorites.json';
import enHome from '../locales/en/home.json';
import enLayout from '../locales/en/layout.json';
import enWatch from '../locales/en/watch.json';

export const en = {
  auth: enAuth,
  channel: enChannel,
  common: enCommon,
  errors: enErrors,
  events: enEvents,
  favorites: enFavorites,
  home: enHome,
  layout: enLayout,
  watch: enWatch,
};

/**
 * The start-up namespaces in a language other than English: loaded when that language is in use
 * (locales/fr-start-up.ts), never with the English pages. English stays here: it is the default and
 * the fallback language.
 */
export type StartUpTexts = Record<keyof typeof en, Record<string, unknown>>;

/**
 * Namespaces whose texts load with the screens that use them rather than at start-up, so the home
 * route does not carry them (each registers itself, e.g. `locales/clips.ts`). Types only here.
 */
export interface LazyResources {
  account: typeof import('../locales/en/account.json');
  admin: typeof import('../locales/en/admin.json');
  'admin-site': typeof import('../locales/en/admin-site.json');
  'admin-people': typeof import('../locales/en/admin-people.json');
  'admin-live': typeof import('../locales/en/admin-live.json');
  'admin-commerce': typeof import('../locales/en/admin-commerce.json');
  'admin-revenue': typeof import('../locales/en/admin-revenue.json');
  'admin-announcements': typeof import('../locales/en/admin-announcements.json');
  'admin-media': typeof import('../locales/en/admin-media.json');
  'clip-tool': typeof import('../locales/en/clip-tool.json');
  clips: typeof import('../locales/en/clips.json');
  commerce: typeof import('../locales/en/commerce.json');
  library: typeof import('../locales/en/library.json');
  listings: typeof import('../locales/en/listings.json');
  'sign-in': typeof import('../locales/en/sign-in.json');
}
export const LAZY_NAMESPACES = [
  'account',
  'admin',
  'admin-site',
  'admin-people',
  'admin-live',
  'admin-commerce',
  'admin-revenue',
  'admin-announcements',
  'admin-media',
  'clip-tool',
  'clips',
  'commerce',
  'library',
  'listings',
  'sign-in',
] as const satisfies readonly (keyof LazyResources)[];
export type LazyNamespace = keyof LazyResources;

export type Resources = typeof en & LazyResources;
export type Namespace = keyof Resources;
/** Every namespace: the start-up ones and the lazy ones (the i18n tests go through them all). */
export const NAMESPACES: readonly Namespace[] = [
  ...(Object.keys(en) as (keyof typeof en)[]),
  ...LAZY_NAMESPACES,
];
