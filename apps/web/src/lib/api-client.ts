import {
  DEFAULT_LOCALE,
  ERR_CANCELED,
  ERR_NETWORK,
  ERR_TIMEOUT,
  REQUEST_TIMEOUT_MS,
  RETRY_COUNT,
  RETRY_DELAY_MS,
  STORAGE_DEFAULT_TTL_MS,
  type ChannelKeyResponse,
  type GetApiKeyResponse,
  type Locale,
  type RuntimeConfig,
} from '@rudy/contracts';
import {
  ApiError,
  ERR_BAD_RESPONSE,
  NO_API_KEY_MESSAGE,
  canceledError,
  isApiError,
  isKeyError,
} from './api-error';
import { emitAppEvent } from './app-events';
import { delay } from './delay';
import { addFailingUrl, removeFailingUrl } from './failing-urls';
import { STORAGE_KEYS, getItem, removeItem, setItem } from './storage';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: Record<string, unknown>;
  signal?: AbortSignal;
}

export interface ApiClientDeps {
  fetch?: typeof fetch;
  getLocale?: () => Locale;
}

/** Paths whose 401 only means "anonymous": start-up asks it of every visitor. */
const SILENT_401_PATHS = new Set(['/profile']);

/**
 * Spec section 7, Logging: failed calls are reported, except the skipped codes: a cancelled call,
 * a non-200 success (a download still being prepared answers 202), and the answers the spec
 * tolerates (401 on /profile for anonymous visitors, 404 on /custom-forms).
 */
export function isReportedFailure(error: ApiError, path: string): boolean {
  if (error.code === ERR_CANCELED) return false;
  if (error.status >= 200 && error.status < 300) return false;
  if (error.status === 401 && SILENT_401_PATHS.has(path)) return false;
  if (error.status === 404 && path.startsWith('/custom-forms/')) return false;
  return true;
}

/**
 * Spec 8: "crash codes 4xx/5xx raise a global api_key_error event unless the code is allowed" (the
 * full-page reload screen, through the failing-URL store, which a later success of the same URL
 * clears). Crashes: a server error (5xx) on a read the page needs, and any 4xx/5xx answer that is
 * not one of our JSON errors (a proxy's or gateway's page, code http_NNN). Allowed: the refusals the
 * API explains with a code (shown where they happen), the tolerated answers of isReportedFailure,
 * and a failed write, whose form says so and may be sent again.
 */
export function isCrash(error: ApiError, method: Method, path: string): boolean {
  if (error.status < 400 || !isReportedFailure(error, path)) return false;
  if (error.code.startsWith('http_')) return true;
  return error.status >= 500 && method === 'GET';
}

export function createApiClient(deps: ApiClientDeps = {}) {
  let config: RuntimeConfig | null = null;
  let getLocale = deps.getLocale ?? (() => DEFAULT_LOCALE);
  let pendingKey: Promise<string> | null = null;
  // Read at call time so tests (and polyfills) that replace fetch after start-up are honoured.
  const fetchFn: typeof fetch = (input, init) => (deps.fetch ?? globalThis.fetch)(input, init);

  function requireConfig(): RuntimeConfig {
    if (!config) throw new Error('The API client is used before the runtime config was loaded');
    return config;
  }

  /** One HTTP exchange with timeout and cancellation; no retries here. */
  function send(
    method: Method,
    url: string,
    payload: Payload,
    key: string | null,
    signal?: AbortSignal,
  ) {
    const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    const aborted = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const abortError = () =>
      timeout.aborted
        ? new ApiError({ status: 0, code: ERR_TIMEOUT, message: 'Request timed out', url })
        : canceledError(url);
    if (aborted.aborted) return Promise.reject(abortError());

    return new Promise<unknown>((resolve, reject) => {
      // A fetch that ignores its signal must not keep the caller waiting past the abort.
      aborted.addEventListener('abort', () => reject(abortError()), { once: true });
      exchange(method, url, payload, key, aborted).then(resolve, (error: unknown) => {
        if (aborted.aborted) reject(abortError());
        else if (isApiError(error)) reject(error);
        else {
          reject(
            new ApiError({
              status: 0,
              code: ERR_NETWORK,
              message: 'Network error',
              url,
              cause: error,
            }),
          );
        }
      });
    });
  }

  async function exchange(
    method: Method,
    url: string,
    payload: Payload,
    key: string | null,
    signal: AbortSignal,
  ): Promise<unknown> {
    const lang = getLocale();
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(payload.query ?? {})) {
      if (value !== null && value !== undefined) params.set(name, String(value));
    }
    const headers: Record<string, string> = { Accept: 'application/json' };
    let body: string | undefined;
    if (method === 'GET' || method === 'DELETE') {
      if (key) params.set('api_key', key);
      params.set('lang', lang);
    } else {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify({ ...payload.body, ...(key ? { api_key: key } : {}), lang });
    }
    const search = params.toString();
    const response = await fetchFn(search ? `${url}?${search}` : url, {
      method,
      headers,
      body,
      signal,
    });
    const data = parseJson(await response.text());
    if (response.status === 200) return data;
    throw toApiError(response, data, url);
  }

  function toApiError(response: Response, data: unknown, url: string): ApiError {
    const body = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
    const error = new ApiError({
      status: response.status,
      // The spec rejects every non-200 answer, successful or not.
      code:
        typeof body.code === 'string'
          ? body.code
          : response.ok
            ? ERR_BAD_RESPONSE
            : `http_${response.status}`,
      message:
        typeof body.message === 'string' ? body.message : `Unexpected response ${response.status}`,
      url,
      errors: isStringRecord(body.errors) ? body.errors : undefined,
      fieldCodes: isStringRecord(body.field_codes) ? body.field_codes : undefined,
    });
    if (response.status === 429) {
      emitAppEvent('global-error', { code: error.code, message: error.message, url });
    }
    if (response.status === 401 && !SILENT_401_PATHS.has(pathOf(url))) {
      emitAppEvent('unauthorized', { url });
    }
    return error;
  }

  function pathOf(url: string) {
    const base = config?.api_base ?? '';
    return url.startsWith(base) ? url.slice(base.length) : url;
  }

  async function obtainKey(): Promise<string> {
    const cfg = requireConfig();
    try {
      let channelKey = cfg.channel_key ?? getItem(STORAGE_KEYS.channelKey);
      if (!channelKey) {
        const res = await send('GET', cfg.keys_url, {}, null);
        channelKey = hasString<ChannelKeyResponse>(res, 'channel_key') ? res.channel_key : null;
        if (!channelKey) throw new Error('The keys endpoint returned no channel key');
      }
      setItem(STORAGE_KEYS.channelKey, channelKey);
      const res = await send(
        'POST',
        `${cfg.api_base}/get_api_key`,
        { body: { channel_key: channelKey } },
        null,
      );
      if (!hasString<GetApiKeyResponse>(res, 'api_key')) {
        throw new Error('get_api_key returned no api_key');
      }
      const ttl = Date.parse(res.expires_at) - Date.now();
      const keep = ttl > 0 ? Math.min(ttl, STORAGE_DEFAULT_TTL_MS) : STORAGE_DEFAULT_TTL_MS;
      setItem(STORAGE_KEYS.apiKey, res.api_key, keep);
      setItem(STORAGE_KEYS.anonymousApiKey, res.api_key, keep);
      return res.api_key;
    } catch (cause) {
      throw new ApiError({
        status: isApiError(cause) ? cause.status : 0,
        code: 'api_key_missing',
        message: NO_API_KEY_MESSAGE,
        url: `${cfg.api_base}/get_api_key`,
        cause,
      });
    }
  }

  /** The stored key, or a new anonymous one; concurrent callers share one key request. */
  function ensureApiKey(): Promise<string> {
    const stored = getItem(STORAGE_KEYS.apiKey);
    if (stored) return Promise.resolve(stored);
    pendingKey ??= obtainKey().finally(() => {
      pendingKey = null;
    });
    return pendingKey;
  }

  /** Drops the stored keys unless another request already replaced the key that failed. */
  function invalidateKey(failedKey: string | null) {
    const current = getItem(STORAGE_KEYS.apiKey);
    if (failedKey !== null && current !== null && current !== failedKey) return;
    clearKeys();
  }

  function clearKeys() {
    removeItem(STORAGE_KEYS.apiKey);
    removeItem(STORAGE_KEYS.anonymousApiKey);
    removeItem(STORAGE_KEYS.channelKey);
  }

  /**
   * The channel a start-up link names (`?channel=`, see app/startup-params.ts): the next key is
   * asked for it, and keys stored for another channel are dropped (they would show that one).
   */
  function selectChannel(channelKey: string) {
    if (getItem(STORAGE_KEYS.channelKey) === channelKey) return;
    clearKeys();
    setItem(STORAGE_KEYS.channelKey, channelKey);
  }

  /** Whether a key is stored (none is until a call needs one). */
  function hasKey(): boolean {
    return getItem(STORAGE_KEYS.apiKey) !== null;
  }

  /** Whether the stored key is one this client got anonymously and nobody signed in with. */
  function keyIsAnonymous(): boolean {
    const key = getItem(STORAGE_KEYS.apiKey);
    return key !== null && key === getItem(STORAGE_KEYS.anonymousApiKey);
  }

  /** A sign-in on this key (here or in another tab): /profile has a user to answer with now. */
  function markKeySignedIn() {
    removeItem(STORAGE_KEYS.anonymousApiKey);
  }

  async function run(method: Method, path: string, payload: Payload, signal?: AbortSignal) {
    const url = requireConfig().api_base + path;
    for (let attempt = 0; ; attempt++) {
      let usedKey: string | null = null;
      try {
        usedKey = await ensureApiKey();
        const data = await send(method, url, payload, usedKey, signal);
        removeFailingUrl(url);
        return data;
      } catch (error) {
        if (!isKeyError(error)) {
          if (isApiError(error) && isCrash(error, method, path)) addFailingUrl(url);
          throw error;
        }
        if (attempt >= RETRY_COUNT) {
          addFailingUrl(url);
          throw error;
        }
        invalidateKey(usedKey);
        await delay(RETRY_DELAY_MS, signal).catch(() => {
          throw canceledError(url);
        });
      }
    }
  }

  /**
   * One call, retried on a key error. Identical reads share one exchange through TanStack Query
   * (one query key, one fetch, its signal cancelled once no component wants it), not here.
   */
  function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
    const payload: Payload = { query: options.query, body: options.body };
    // Types only: the server declares its responses; zod would triple the start-up bundle.
    return run(method, path, payload, options.signal).catch((error: unknown) => {
      // Reported by path only: no query, no key.
      if (isApiError(error) && isReportedFailure(error, path)) {
        const { status, code } = error;
        emitAppEvent('api-failure', { status, code, method, path: path.split('?')[0] ?? path });
      }
      throw error;
    }) as Promise<T>;
  }

  return {
    configure(next: RuntimeConfig, locale?: () => Locale) {
      config = next;
      if (locale) getLocale = locale;
    },
    getConfig: () => config,
    ensureApiKey,
    clearKeys,
    selectChannel,
    hasKey,
    keyIsAnonymous,
    markKeySignedIn,
    get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) =>
      request<T>('GET', path, options),
    delete: <T>(path: string, options?: Omit<RequestOptions, 'body'>) =>
      request<T>('DELETE', path, options),
    post: <T>(path: string, options?: Omit<RequestOptions, 'query'>) =>
      request<T>('POST', path, options),
    patch: <T>(path: string, options?: Omit<RequestOptions, 'query'>) =>
      request<T>('PATCH', path, options),
  };
}

/** The app's one client; start-up configures it with the runtime config and the current locale. */
export const apiClient = createApiClient();

interface Payload {
  query?: Record<string, QueryValue> | undefined;
  body?: Record<string, unknown> | undefined;
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function hasString<T>(value: unknown, key: keyof T & string): value is T {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Record<string, unknown>)[key] === 'string' &&
    (value as Record<string, string>)[key] !== ''
  );
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((v) => typeof v === 'string')
  );
}
