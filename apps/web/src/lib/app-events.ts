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

export function onAppEvent<K extends keyof AppEventMap>(name: K, listener: Listener<K>) {
  const all = listeners as Record<K, Set<Listener<K>> | undefined>;
  const set = all[name] ?? new Set<Listener<K>>();
  all[name] = set;
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}

export function emitAppEvent<K extends keyof AppEventMap>(name: K, payload: AppEventMap[K]) {
  const all = listeners as Record<K, Set<Listener<K>> | undefined>;
  all[name]?.forEach((listener) => listener(payload));
}
