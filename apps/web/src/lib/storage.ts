import { STORAGE_DEFAULT_TTL_MS, STORAGE_PREFIX } from '@rudy/contracts';

/** What the app keeps in local storage, by key (stored as `rudy_<key>`). */
export interface StoredValues {
  channel_key: string;
  api_key: string;
  /**
   * The api_key as get_api_key issued it, while nobody has signed in with it: the client then knows
   * the visitor is anonymous without asking /profile (which would answer 401).
   */
  anonymous_api_key: string;
  locale: string;
  cookie_consent: boolean;
  last_page: { path: string; search: string; params: Record<string, string> };
  trk: string;
  events_view: 'grid' | 'list';
  /** The player's volume (0..1) and mute, so the next video starts as loud as the last one. */
  player_volume: { volume: number; muted: boolean };
  /** The viewer's captions: a language, or off (none stored: the browser's own choice). */
  player_captions: string;
  /** Spec section 9: the analytics session hash, under the spec's name (kept 24 h). */
  'visaicV3-session': string;
  /** The console's uploads this browser has not finished (resumed when the file is picked again). */
  unfinished_uploads: { id: string; file: string; target: string }[];
}
export type StorageKey = keyof StoredValues;

/** Every key the app keeps in local storage, so nothing writes under an ad-hoc name. */
export const STORAGE_KEYS = {
  channelKey: 'channel_key',
  apiKey: 'api_key',
  anonymousApiKey: 'anonymous_api_key',
  locale: 'locale',
  cookieConsent: 'cookie_consent',
  lastPage: 'last_page',
  outerTracking: 'trk',
  eventsView: 'events_view',
  playerVolume: 'player_volume',
  playerCaptions: 'player_captions',
  analyticsSession: 'visaicV3-session',
  unfinishedUploads: 'unfinished_uploads',
} as const satisfies Record<string, StorageKey>;

interface Entry {
  /** the stored value */
  v: unknown;
  /** expiry as epoch milliseconds */
  e: number;
}

/**
 * Local storage can be missing or throw (private mode, quota, disabled cookies); the app then keeps
 * values in memory for the visit rather than failing.
 */
const memory = new Map<string, string>();

type Backend = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
let cachedBackend: Backend | null = null;

function backend(): Backend {
  if (cachedBackend) return cachedBackend;
  try {
    const ls = globalThis.localStorage;
    const probe = `${STORAGE_PREFIX}__probe`;
    ls.setItem(probe, '1');
    ls.removeItem(probe);
    cachedBackend = ls;
  } catch {
    cachedBackend = {
      getItem: (k) => memory.get(k) ?? null,
      setItem: (k, v) => void memory.set(k, v),
      removeItem: (k) => void memory.delete(k),
    };
  }
  return cachedBackend;
}

function isEntry(value: unknown): value is Entry {
  return typeof value === 'object' && value !== null && 'v' in value && 'e' in value;
}

export function getItem<K extends StorageKey>(key: K): StoredValues[K] | null {
  const raw = backend().getItem(STORAGE_PREFIX + key);
  if (raw === null) return null;
  try {
    const entry: unknown = JSON.parse(raw);
    if (!isEntry(entry) || typeof entry.e !== 'number') throw new Error('not an entry');
    if (entry.e <= Date.now()) {
      removeItem(key);
      return null;
    }
    return entry.v as StoredValues[K];
  } catch {
    // Written by an older version or by hand: drop it rather than trust its shape.
    removeItem(key);
    return null;
  }
}

export function setItem<K extends StorageKey>(
  key: K,
  value: StoredValues[K],
  ttlMs: number = STORAGE_DEFAULT_TTL_MS,
) {
  const entry: Entry = { v: value, e: Date.now() + ttlMs };
  try {
    backend().setItem(STORAGE_PREFIX + key, JSON.stringify(entry));
  } catch {
    memory.set(STORAGE_PREFIX + key, JSON.stringify(entry));
  }
}

export function removeItem(key: StorageKey) {
  try {
    backend().removeItem(STORAGE_PREFIX + key);
  } catch {
    // nothing to remove from a storage that cannot be read
  }
  memory.delete(STORAGE_PREFIX + key);
}
