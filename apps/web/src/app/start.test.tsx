import { act, screen } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../lib/query-client';
import { FUTURE, json, mockFetch, urlOf, type Handler } from '../test/fetch-mock';
import { makeProfile } from '../test/auth-fixtures';
import { makeBootstrap } from '../test/fixtures';
import { STORE_PERSISTENCE_TIMEOUT_MS } from '@rudy/contracts';
import { STORAGE_KEYS, setItem } from '../lib/storage';
import { startApp } from './start';

const SERVICE_TEXT = 'Apologies! Our service is currently experiencing technical difficulties.';
let root: Root | null = null;
let router: Awaited<ReturnType<typeof startApp>>['router'] = null;

function api(overrides: Record<string, () => Response> = {}): Handler {
  const routes: Record<string, () => Response> = {
    '/config.json': () =>
      json({
        api_base: '/api',
        channel_key: null,
        keys_url: '/api/channel-key',
        analytics_url: null,
      }),
    '/api/channel-key': () => json({ channel_key: 'demo-hockey' }),
    '/api/get_api_key': () => json({ api_key: 'anon-key', expires_at: FUTURE }),
    '/api/profile': () => json({ message: 'user must be logged in', code: 'unauthenticated' }, 401),
    '/api/channel-bootstrap-data': () => json(makeBootstrap()),
    '/api/events-for-homepage': () => json({ live: [], upcoming: [], recent: [] }),
    ...overrides,
  };
  return (url) =>
    routes[url.pathname]?.() ?? json({ message: 'Route not found', code: 'route_not_found' }, 404);
}

function isSplashGone() {
  const splash = document.getElementById('splash');
  return splash === null || splash.classList.contains('splash--hidden');
}

async function start(handler: Handler) {
  const fetch = mockFetch(handler);
  vi.stubGlobal('fetch', fetch);
  const container = document.getElementById('root')!;
  let result: Awaited<ReturnType<typeof startApp>> | undefined;
  await act(async () => {
    result = await startApp(container, queryClient);
  });
  root = result!.root;
  router = result!.router;
  return { fetch, router };
}

beforeEach(() => {
  document.body.innerHTML = '<div id="splash" class="splash"></div><div id="root"></div>';
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  // Nothing of this test's app runs on into the next (or past the file's end): its navigations,
  // lazy screens and history listener stop with it.
  router?.dispose();
  router = null;
  // The web tests share one document (isolate: false): the page this file drew goes with it.
  document.body.innerHTML = '';
  queryClient.clear();
  // Keys stored by a test's start-up are not the next test's.
  localStorage.clear();
  vi.unstubAllGlobals();
  document.documentElement.removeAttribute('style');
});

describe('start-up', () => {
  it('loads config, channel key, API key, sign-in state and channel data, then mounts', async () => {
    const { fetch, router } = await start(api());
    const paths = fetch.mock.calls.map(([u]) => new URL(urlOf(u), 'http://x').pathname);
    expect(paths.slice(0, 3)).toEqual(['/config.json', '/api/channel-key', '/api/get_api_key']);
    // The key was just issued anonymously: nobody to ask /profile about (it would answer 401).
    expect(paths).not.toContain('/api/profile');
    expect(paths).toContain('/api/channel-bootstrap-data');
    const site = router?.routes.find((r) => r.path === '/');
    expect(site?.children?.some((r) => r.path === 'rules')).toBe(true);

    expect(await screen.findByRole('link', { name: /Northern Junior Hockey League/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(isSplashGone()).toBe(true);
    expect(document.documentElement.style.getPropertyValue('--color-primary')).toBe('#5BC0EB');
    expect(screen.queryByText(SERVICE_TEXT)).toBeNull();
  });

  it('asks who is signed in when the stored key is not one it got anonymously', async () => {
    setItem(STORAGE_KEYS.channelKey, 'demo-hockey');
    setItem(STORAGE_KEYS.apiKey, 'user-key');
    // Anonymous after all (its 401): the start-up goes on as for any visitor.
    const { fetch } = await start(api());
    const paths = fetch.mock.calls.map(([u]) => new URL(urlOf(u), 'http://x').pathname);
    expect(paths).not.toContain('/api/get_api_key');
    expect(paths).toContain('/api/profile');
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeTruthy();
  });

  it('paints from the start-up data in the page: no config, key or channel call first', async () => {
    const startup = {
      config: { api_base: '/api', channel_key: 'demo-hockey', keys_url: '/api/channel-key' },
      locale: 'en',
      bootstrap: makeBootstrap(),
      homepage: { live: [], upcoming: [], recent: [] },
      highlights: { data: [], meta: { total: 0, offset: 0, limit: 12 } },
    };
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'startup-data';
    script.textContent = JSON.stringify(startup).replace(/</g, '\\u003c');
    document.body.append(script);
    const { fetch, router } = await start(api());
    expect(await screen.findByRole('link', { name: /Northern Junior Hockey League/ })).toBeTruthy();
    expect(
      router?.routes.find((r) => r.path === '/')?.children?.some((r) => r.path === 'rules'),
    ).toBe(true);
    const paths = fetch.mock.calls.map(([u]) => new URL(urlOf(u), 'http://x').pathname);
    for (const path of [
      '/config.json',
      '/api/channel-key',
      '/api/get_api_key',
      '/api/profile',
      '/api/channel-bootstrap-data',
      '/api/events-for-homepage',
    ]) {
      expect(paths).not.toContain(path);
    }
    expect(document.documentElement.style.getPropertyValue('--color-primary')).toBe('#5BC0EB');
  });

  it('shows the error screen, without the router, when the config cannot be loaded', async () => {
    const { router } = await start(api({ '/config.json': () => json({}, 500) }));
    expect(router).toBeNull();
    expect(screen.getByText(SERVICE_TEXT)).toBeTruthy();
    expect(isSplashGone()).toBe(true);
  });

  it('shows the error screen when no API key can be had', async () => {
    await start(
      api({
        '/api/get_api_key': () =>
          json({ message: 'No chanel or api key found', code: 'channel_key_invalid' }, 404),
      }),
    );
    expect(screen.getByText(SERVICE_TEXT)).toBeTruthy();
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: /Reload available in/ }).disabled,
    ).toBe(true);
  });

  it('asks a key for the channel a link names (?channel=) when the config leaves it open', async () => {
    setItem(STORAGE_KEYS.channelKey, 'demo-hockey');
    setItem(STORAGE_KEYS.apiKey, 'demo-key');
    window.history.replaceState(null, '', '/?channel=other-league');
    try {
      const { fetch } = await start(api());
      const keyCalls = fetch.mock.calls
        .map(([u, init]) => ({ path: new URL(urlOf(u), 'http://x').pathname, init }))
        .filter(({ path }) => path === '/api/get_api_key' || path === '/api/channel-key');
      // The other channel's stored key is dropped, and the keys host is not asked which channel.
      expect(keyCalls.map(({ path }) => path)).toEqual(['/api/get_api_key']);
      expect(JSON.parse(keyCalls[0]?.init?.body as string)).toMatchObject({
        channel_key: 'other-league',
      });
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('keeps the channel its config names, whatever ?channel= says', async () => {
    window.history.replaceState(null, '', '/?channel=other-league');
    try {
      const config = {
        api_base: '/api',
        channel_key: 'demo-hockey',
        keys_url: '/api/channel-key',
        analytics_url: null,
      };
      const { fetch } = await start(api({ '/config.json': () => json(config) }));
      const keyCall = fetch.mock.calls.find(
        ([u]) => new URL(urlOf(u), 'http://x').pathname === '/api/get_api_key',
      );
      expect(JSON.parse(keyCall?.[1]?.body as string)).toMatchObject({
        channel_key: 'demo-hockey',
      });
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('mounts once the store-persistence timeout (60 s) passes, while the sign-in state still loads', async () => {
    vi.useFakeTimers();
    try {
      setItem(STORAGE_KEYS.channelKey, 'demo-hockey');
      setItem(STORAGE_KEYS.apiKey, 'user-key');
      // /profile never answers: each try ends at the 30 s request timeout and is retried once,
      // which alone would hold the start-up past 60 s.
      const answers = api();
      const handler: Handler = (url, init) =>
        url.pathname === '/api/profile'
          ? new Promise<Response>(() => undefined)
          : answers(url, init);
      vi.stubGlobal('fetch', mockFetch(handler));
      let started: Awaited<ReturnType<typeof startApp>> | undefined;
      void startApp(document.getElementById('root')!, queryClient).then((result) => {
        started = result;
      });
      await vi.advanceTimersByTimeAsync(STORE_PERSISTENCE_TIMEOUT_MS - 1);
      expect(started).toBeUndefined();
      expect(isSplashGone()).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(started?.router).not.toBeNull();
      root = started?.root ?? null;
      router = started?.router ?? null;
      // The first screen renders as a transition (time-sliced): the splash goes at its commit.
      await vi.waitFor(() => expect(isSplashGone()).toBe(true));
    } finally {
      vi.useRealTimers();
    }
  });

  // Last: run before the tests above, its app's last renders were seen to outlive the file on a
  // loaded machine ("window is not defined" from React's scheduler after the file's end).
  it('sends a signed-in user who has not chosen a base pass to its form, once the first screen is up', async () => {
    setItem(STORAGE_KEYS.channelKey, 'demo-hockey');
    setItem(STORAGE_KEYS.apiKey, 'user-key');
    const base = makeBootstrap();
    const { router } = await start(
      api({
        '/api/profile': () => json(makeProfile()),
        '/api/channel-bootstrap-data': () =>
          json(makeBootstrap({ settings: { ...base.settings, custom_forms: true } })),
        '/api/custom-forms/passes': () =>
          json({
            id: 3,
            alias: 'passes',
            definition: { fields: [{ name: 'base_pass', type: 'package', required: true }] },
            entries: [],
          }),
        '/api/packages': () => json([]),
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Choose your pass' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Save my choice' })).toBeTruthy();
    expect(router?.state.location.pathname).toBe('/select-package/3');
    expect(window.location.pathname).toBe('/select-package/3');
    window.history.replaceState(null, '', '/');
  });
});
