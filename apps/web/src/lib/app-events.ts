/**
 * A tiny typed event bus for the few things the API client must tell the rest of the app
 * without importing it: throttling (a global error), a lost sign-in (reset the user store), a
 * failed call and a sign-in (both reported to analytics, which loads after start-up).
 */
export interface AppEventMap {
  'global-error': { code: string; message: string; url: string };
  unauthorized: { url: string };
  /** A call that failed, except the expected answers (spec section 7, Logging). */
  'api-failure': { status: number; code: string; method: string; path: string };
  /** Login, registration or social sign-in succeeded. */
  'signed-in': { method: 'password' | 'registration' | 'social' };
}

type Listener<K extends keyof AppEventMap> = (payload: AppEventMap[K]) => void;

const listeners: { [K in keyof AppEventMap]?: Set<Listener<K>> } = {};

/**
 * Events the viewer must see even when raised before the app listens: a call throttled during the
 * first load (spec 8: 429 shows the global error) comes before the app, and its listener, mounts.
 * Such an event is kept until a listener is added, then handed to it once.
 */
const KEPT_UNTIL_HEARD: ReadonlySet<keyof AppEventMap> = new Set(['global-error']);
/** Enough for any first load; a storm of throttled calls need not be kept call by call. */
const MAX_KEPT = 10;
const kept = new Map<keyof AppEventMap, unknown[]>();

export function onAppEvent<K extends keyof AppEventMap>(name: K, listener: Listener<K>) {
  const all = listeners as Record<K, Set<Listener<K>> | undefined>;
  const set = all[name] ?? new Set<Listener<K>>();
  all[name] = set;
  set.add(listener);
  const waiting = kept.get(name) as AppEventMap[K][] | undefined;
  if (waiting) {
    kept.delete(name);
    waiting.forEach((payload) => listener(payload));
  }
  return () => {
    set.delete(listener);
  };
}

export function emitAppEvent<K extends keyof AppEventMap>(name: K, payload: AppEventMap[K]) {
  const all = listeners as Record<K, Set<Listener<K>> | undefined>;
  const set = all[name];
  if (set && set.size > 0) {
    set.forEach((listener) => listener(payload));
    return;
  }
  if (!KEPT_UNTIL_HEARD.has(name)) return;
  const waiting = kept.get(name) ?? [];
  kept.set(name, waiting);
  if (waiting.length < MAX_KEPT) waiting.push(payload);
}

/** Drops the events kept for a listener to come (tests: one test's leftovers are not the next's). */
export function clearKeptAppEvents() {
  kept.clear();
}
