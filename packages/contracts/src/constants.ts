/** Business constants of spec section 9, in one place for server and client. */
export const HOUR_MS = 3_600_000;
export const MINUTE_MS = 60_000;

export const LOCALES = ['en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export const IMAGE_RATIO = 16 / 9;
export const EVENT_CARD_RATIO = 1.777777;

export const REQUEST_TIMEOUT_MS = 30_000;
export const RETRY_DELAY_MS = 1_000;
export const RETRY_COUNT = 1;

export const ORDER_POLLING_MS = 2_000;
export const TOAST_DEFAULT_MS = 5_000;

export const PREROLL_CACHE_MS = 3_600_000;
export const PREROLL_SUPPRESSION_DEFAULT_MS = HOUR_MS;

export const RELOAD_BUTTON_WAIT_S = 60;
export const RELOAD_TICK_MS = 1_000;

export const STORE_PERSISTENCE_TIMEOUT_MS = 60_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const ANALYTICS_SESSION_TTL_MS = 24 * HOUR_MS;
export const OUTER_TRACKING_TTL_MS = 10_800_000;
export const ANALYTICS_TIMEOUT_MS = 30_000;
/**
 * How the analytics client paces itself: a viewing heartbeat every 30 s of playback. Here rather
 * than in analytics.ts (zod schemas): a module lives in one chunk, and the player must not pull zod.
 */
export const ANALYTICS_HEARTBEAT_MS = 30_000;

export const STORAGE_PREFIX = 'rudy_';
/** The spec leaves the default TTL open; 30 days keeps a visitor's choices without keeping them forever. */
export const STORAGE_DEFAULT_TTL_MS = 30 * 24 * HOUR_MS;

export const THEME_OPACITY_STEPS = [5, 10, 20, 50, 70, 95] as const;

export const VOD_RAIL_SCROLL_MS = 5_000;
export const VOD_RAIL_CARD_WIDTH = { min: 280, max: 380 } as const;
export const VOD_SEARCH_DEFAULTS = { limit: 10, offset: 0, sort_field: 'date' } as const;

/** Currency symbol: USD and CAD are both shown as $. */
export const CURRENCY_SYMBOL = { USD: '$', CAD: '$' } as const;

/** Anonymous API keys live this long; a logged-in key is extended on login. */
export const API_KEY_TTL_MS = 30 * 24 * HOUR_MS;

/** Spec section 9: monthly plans renew every 30 days, annual ones every 12 months. */
export const RENEWAL_PERIOD = { month: { days: 30 }, annual: { months: 12 } } as const;

/** The id of the JSON block in the served index.html that carries StartupData (bootstrap.ts). */
export const STARTUP_DATA_ELEMENT_ID = 'startup-data';
