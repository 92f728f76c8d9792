import { ERR_CANCELED, ERR_TIMEOUT, RETRY_DELAY_MS, REQUEST_TIMEOUT_MS } from '@rudy/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FUTURE, TEST_CONFIG, json, mockFetch, urlOf, type Handler } from '../test/fetch-mock';
import { createApiClient } from './api-client';
import { ApiError } from './api-error';
import { onAppEvent } from './app-events';
import { clearFailingUrls, getFailingUrls } from './failing-urls';
import { STORAGE_KEYS, getItem, setItem } from './storage';

const KEY_ERROR = { message: 'No chanel or api key found', code: 'api_key_invalid' };

/** A server with key issuing and a handler for everything else. */
function setup(rest: Handler, config = TEST_CONFIG) {
  let issued = 0;
  const fetch = mockFetch((url, init) => {
    if (url.pathname === '/api/get_api_key') {
      issued += 1;
      return json({ api_key: `key-${issued}`, expires_at: FUTURE });
    }
    if (url.pathname === '/api/channel-key') return json({ channel_key: 'from-host' });
    return rest(url, init);
  });
  const client = createApiClient({ fetch, getLocale: () => 'fr' });
  client.configure(config);
  const calls = (path: string) => fetch.mock.calls.filter(([u]) => urlOf(u).startsWith(path));
  return { client, fetch, calls };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('api client: carrying the key', () => {
  it('sends the key and lang in the query for GET and DELETE', async () => {
    const seen: URL[] = [];
    const { client } = setup((url) => {
      seen.push(url);
      return json({ ok: true });
    });
    await client.get('/settings', { query: { type: 'main' } });
    await client.delete('/favorite/3');
    expect(seen[0]?.pathname).toBe('/api/settings');
    expect(seen[0]?.searchParams.get('api_key')).toBe('key-1');
    expect(seen[0]?.searchParams.get('lang')).toBe('fr');
    expect(seen[0]?.searchParams.get('type')).toBe('main');
    expect(seen[1]?.searchParams.get('api_key')).toBe('key-1');
  });

  it('sends the key and lang in the JSON body for POST and PATCH', async () => {
    const bodies: unknown[] = [];
    const { client } = setup((url, init) => {
      expect(url.searchParams.has('api_key')).toBe(false);
      bodies.push(init.json);
      return json({ ok: true });
    });
    await client.post('/favorite', { body: { favoritable_id: 1 } });
    await client.patch('/profile', { body: { first_name: 'Ann' } });
    expect(bodies).toEqual([
      { favoritable_id: 1, api_key: 'key-1', lang: 'fr' },
      { first_name: 'Ann', api_key: 'key-1', lang: 'fr' },
    ]);
  });

  it('asks for a key with the configured channel key and stores it with the rudy_ prefix', async () => {
    const { client, calls } = setup(() => json({}));
    await client.get('/menu');
    await client.get('/pages');
    expect(calls('/api/get_api_key')).toHaveLength(1);
    const body = JSON.parse(calls('/api/get_api_key')[0]?.[1]?.body as string) as object;
    expect(body).toMatchObject({ channel_key: 'demo-hockey' });
    expect(localStorage.getItem('rudy_api_key')).toContain('key-1');
    expect(getItem(STORAGE_KEYS.channelKey)).toBe('demo-hockey');
  });

  it('gets the channel key from keys_url when the config has none', async () => {
    const { client, calls } = setup(() => json({}), { ...TEST_CONFIG, channel_key: null });
    await client.get('/menu');
    expect(calls('/api/channel-key')).toHaveLength(1);
    expect(getItem(STORAGE_KEYS.channelKey)).toBe('from-host');
  });

  it('uses a stored key without asking for a new one', async () => {
    setItem(STORAGE_KEYS.apiKey, 'stored-key');
    const seen: string[] = [];
    const { client, calls } = setup((url) => {
      seen.push(url.searchParams.get('api_key') ?? '');
      return json({});
    });
    await client.get('/menu');
    expect(seen).toEqual(['stored-key']);
    expect(calls('/api/get_api_key')).toHaveLength(0);
  });

  it('knows a key it got anonymously until someone signs in with it', async () => {
    const { client } = setup(() => json({}));
    expect(client.keyIsAnonymous()).toBe(false);
    await client.ensureApiKey();
    expect(client.keyIsAnonymous()).toBe(true);
    client.markKeySignedIn();
    expect(client.keyIsAnonymous()).toBe(false);
    // A key stored some other way (an older version, another tab's sign-in) is not assumed anonymous.
    client.clearKeys();
    setItem(STORAGE_KEYS.apiKey, 'stored-key');
    expect(client.keyIsAnonymous()).toBe(false);
  });
});

describe('api client: one exchange per call (identical reads share one through TanStack Query)', () => {
  it('does not hold a call behind an identical one that never settles', async () => {
    let answered = 0;
    const { client, calls } = setup(() =>
      answered++ === 0 ? new Promise<Response>(() => undefined) : json({ n: 2 }),
    );
    const stuck = new AbortController();
    const first = client.get('/menu', { signal: stuck.signal });
    await vi.waitFor(() => expect(calls('/api/menu')).toHaveLength(1));
    await expect(client.get('/menu')).resolves.toEqual({ n: 2 });
    stuck.abort();
    await expect(first).rejects.toMatchObject({ code: ERR_CANCELED });
  });

  it('cancels only the call whose signal aborts', async () => {
    let release: ((r: Response) => void) | null = null;
    const { client } = setup(() => new Promise<Response>((resolve) => (release = resolve)));
    const controller = new AbortController();
    const first = client.get('/menu', { signal: controller.signal });
    controller.abort();
    await expect(first).rejects.toMatchObject({ code: ERR_CANCELED });
    const second = client.get('/menu');
    await vi.waitFor(() => expect(release).not.toBeNull());
    release!(json(['ok']));
    await expect(second).resolves.toEqual(['ok']);
  });
});

describe('api client: cancellation, timeout, status', () => {
  it('rejects a cancelled request with ERR_CANCELED', async () => {
    const { client } = setup(() => new Promise<Response>(() => undefined));
    const controller = new AbortController();
    const pending = client.get('/menu', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(ApiError);
    await expect(pending).rejects.toMatchObject({ code: ERR_CANCELED });
  });

  it('gives up after 30 s with ERR_TIMEOUT', async () => {
    vi.useFakeTimers();
    // jsdom's AbortSignal.timeout runs on a timer fake timers cannot reach: the same signal on one
    // they can, so the test takes no 30 s.
    vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms) => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(new DOMException('timed out', 'TimeoutError')), ms);
      return controller.signal;
    });
    setItem(STORAGE_KEYS.apiKey, 'stored-key');
    const { client } = setup(() => new Promise<Response>(() => undefined));
    const pending = client.get('/menu');
    const outcome = pending.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toMatchObject({ code: ERR_TIMEOUT });
  });

  it('rejects non-200 answers, even successful ones', async () => {
    const { client } = setup((url) =>
      url.pathname === '/api/created'
        ? new Response(null, { status: 204 })
        : json({ message: 'Pass not found', code: 'pass_not_found' }, 404),
    );
    await expect(client.get('/created')).rejects.toMatchObject({ status: 204 });
    await expect(client.get('/packages/9')).rejects.toMatchObject({
      status: 404,
      code: 'pass_not_found',
      message: 'Pass not found',
    });
  });
});

describe('api client: key errors', () => {
  it('clears the stored keys, gets a new key and retries once after 1000 ms', async () => {
    vi.useFakeTimers();
    let attempts = 0;
    const seenKeys: string[] = [];
    const { client, calls } = setup((url) => {
      attempts += 1;
      seenKeys.push(url.searchParams.get('api_key') ?? '');
      return attempts === 1 ? json(KEY_ERROR, 401) : json({ ok: true });
    });
    const pending = client.get('/settings');
    await vi.advanceTimersByTimeAsync(0);
    expect(attempts).toBe(1);
    expect(getItem(STORAGE_KEYS.apiKey)).toBeNull();
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS - 1);
    expect(attempts).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toEqual({ ok: true });
    expect(seenKeys).toEqual(['key-1', 'key-2']);
    expect(calls('/api/get_api_key')).toHaveLength(2);
    expect(getFailingUrls()).toEqual([]);
  });

  it('retries only once, then reports the URL as failing until a later call succeeds', async () => {
    vi.useFakeTimers();
    let healthy = false;
    const { client, calls } = setup(() => (healthy ? json({}) : json(KEY_ERROR, 401)));
    const outcome = client.get('/settings').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS * 3);
    expect(await outcome).toMatchObject({ message: 'No chanel or api key found' });
    expect(calls('/api/settings')).toHaveLength(2);
    expect(getFailingUrls()).toEqual(['/api/settings']);

    healthy = true;
    await client.get('/settings');
    expect(getFailingUrls()).toEqual([]);
  });

  it("raises the 'no api key' error when no key can be had", async () => {
    vi.useFakeTimers();
    const fetch = mockFetch((url) =>
      url.pathname === '/api/get_api_key' ? json(KEY_ERROR, 404) : json({}),
    );
    const client = createApiClient({ fetch });
    client.configure(TEST_CONFIG);
    const outcome = client.get('/menu').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    expect(await outcome).toMatchObject({ code: 'api_key_missing', message: 'no api key' });
    expect(fetch.mock.calls.filter(([u]) => urlOf(u).includes('/api/menu'))).toHaveLength(0);
    expect(getFailingUrls()).toEqual(['/api/menu']);
  });
});

describe('api client: global errors', () => {
  beforeEach(() => setItem(STORAGE_KEYS.apiKey, 'stored-key'));

  it('raises the global error on 429 and rejects', async () => {
    const onGlobal = vi.fn();
    const off = onAppEvent('global-error', onGlobal);
    const { client } = setup(() =>
      json({ message: 'Too many requests', code: 'rate_limited' }, 429),
    );
    await expect(client.get('/menu')).rejects.toMatchObject({ status: 429, code: 'rate_limited' });
    expect(onGlobal).toHaveBeenCalledWith(expect.objectContaining({ code: 'rate_limited' }));
    off();
  });

  it('resets the user on 401, but stays silent for /profile', async () => {
    const onUnauthorized = vi.fn();
    const off = onAppEvent('unauthorized', onUnauthorized);
    const { client } = setup(() =>
      json({ message: 'Login required', code: 'unauthenticated' }, 401),
    );
    await expect(client.get('/profile')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
    await expect(client.get('/favorites')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    off();
  });
});

describe('api client: crash codes raise the reload screen (spec 8)', () => {
  beforeEach(() => {
    setItem(STORAGE_KEYS.apiKey, 'stored-key');
    clearFailingUrls();
  });

  it('a 5xx on a read, or any answer that is not our JSON error, lists the URL until it succeeds', async () => {
    let broken = true;
    const { client } = setup((url) =>
      url.pathname === '/api/menu' && broken
        ? json({ message: 'Something went wrong', code: 'internal_error' }, 500)
        : url.pathname === '/api/pages'
          ? new Response('<html>Bad gateway</html>', { status: 502 })
          : json({ ok: true }),
    );
    await expect(client.get('/menu')).rejects.toMatchObject({ status: 500 });
    expect(getFailingUrls()).toEqual(['/api/menu']);
    await expect(client.post('/pages', {})).rejects.toMatchObject({ code: 'http_502' });
    expect(getFailingUrls()).toEqual(['/api/menu', '/api/pages']);
    broken = false;
    await client.get('/menu');
    expect(getFailingUrls()).toEqual(['/api/pages']);
  });

  it('allows explained refusals, tolerated answers and failed writes', async () => {
    const { client } = setup((url) => {
      if (url.pathname === '/api/custom-forms/x')
        return json({ message: 'nf', code: 'not_found' }, 404);
      if (url.pathname === '/api/profile')
        return json({ message: 'no', code: 'unauthenticated' }, 401);
      if (url.pathname === '/api/clip') return json({ message: 'x', code: 'internal_error' }, 500);
      return json({ message: 'bad', code: 'validation_failed' }, 400);
    });
    await expect(client.get('/custom-forms/x')).rejects.toMatchObject({ status: 404 });
    await expect(client.get('/profile')).rejects.toMatchObject({ status: 401 });
    await expect(client.post('/clip', {})).rejects.toMatchObject({ status: 500 });
    await expect(client.get('/events')).rejects.toMatchObject({ status: 400 });
    expect(getFailingUrls()).toEqual([]);
  });
});
