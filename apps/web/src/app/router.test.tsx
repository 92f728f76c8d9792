import type { Profile } from '@rudy/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../lib/query-client';
import { getLastPage } from '../lib/navigation-memory';
import { json, urlOf } from '../test/fetch-mock';
import { makeBootstrap, makeEvent, makePage } from '../test/fixtures';
import { renderApp } from '../test/render-app';
import { buildRoutes } from './router';

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

/** An empty channel: no games on the home page or in the listings, no teams. */
const emptyHome = (url: URL) =>
  url.pathname === '/api/events' || url.pathname === '/api/participants'
    ? json(makePage([]))
    : json({ live: [], upcoming: [], recent: [] });

const user: Profile = {
  id: 1,
  email: 'ann@example.com',
  first_name: 'Ann',
  last_name: 'Lee',
  newsletter: false,
  language: 'en',
  has_password: true,
  trial_period_used: false,
  temporary_password: false,
  email_verified: true,
  capabilities: [],
  featureCount: {},
  is_geo_blocked: false,
};

describe('route table', () => {
  it('has every route of spec section 2', () => {
    const paths = new Set<string>();
    const walk = (routes: ReturnType<typeof buildRoutes>, prefix: string) => {
      for (const route of routes) {
        const full = route.path?.startsWith('/') ? route.path : `${prefix}${route.path ?? ''}`;
        if (route.path) paths.add(full);
        if (route.children) walk(route.children, full.endsWith('/') ? full : `${full}/`);
      }
    };
    walk(buildRoutes(), '');
    for (const path of [
      '/login',
      '/registration',
      '/verify-notice',
      '/verify-email',
      '/password-reset-request',
      '/password-reset',
      '/profile',
      '/profile/transactions',
      '/profile/clips',
      '/profile/passes',
      '/profile/edit',
      '/contacts',
      '/buy',
      '/select-package/:id',
      '/packages',
      '/faq',
      '/simulate',
      '/about',
      '/vod_library',
      '/watch/:id',
      '/watch_embed/:id',
      '/watch_library/:id',
      '/share/:id/:uuid',
      '/vod',
      '/upcoming',
      '/live',
      '/schedule',
      '/privacy_policy',
      '/terms_conditions',
      '/confirm-account-deletion',
      '/404',
    ]) {
      expect(paths, path).toContain(path);
    }
  });

  it('adds a route for channel pages and menu links the static table lacks', () => {
    const routes = buildRoutes(makeBootstrap().pages, [
      ...makeBootstrap().menu,
      {
        id: 9,
        title: 'Shop',
        url: 'https://shop.example',
        location: 'header',
        position: 9,
        is_external: true,
      },
    ]);
    const site = routes.find((r) => r.path === '/');
    const childPaths = site?.children?.map((r) => r.path) ?? [];
    expect(childPaths.filter((p) => p === 'rules')).toHaveLength(1);
    expect(childPaths.filter((p) => p === 'about')).toHaveLength(1);
    expect(childPaths.some((p) => p?.includes('shop'))).toBe(false);
  });
});

describe('navigation', () => {
  it('sends unknown paths to /404 with the spec texts and a link home', async () => {
    const { router } = renderApp('/no/such/page', { handler: emptyHome });
    expect(await screen.findByText('Hmm')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/404');
    expect(screen.getByRole('heading', { name: 'game not found' })).toBeTruthy();
    expect(screen.getByText('Sorry! - Game Not Found')).toBeTruthy();
    expect(screen.getByText('Looks like we lose this page')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });

  it('renders a channel page added at start-up from /api/pages/:id', async () => {
    const { fetch } = renderApp('/rules', {
      handler: (url) =>
        url.pathname === '/api/pages/2'
          ? json({
              id: 2,
              url: '/rules',
              name: 'League rules',
              kind: 'custom',
              show_in_footer: true,
              content: 'Games are three periods.\n\nTies go to overtime.',
              updated_at: '2026-09-01T00:00:00Z',
            })
          : emptyHome(url),
    });
    expect(await screen.findByText('Ties go to overtime.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'League rules' })).toBeTruthy();
    expect(fetch.mock.calls.some(([u]) => urlOf(u).startsWith('/api/pages/2?'))).toBe(true);
  });

  it('sends a non-numeric watch id to /404 and shows the player for a numeric one', async () => {
    const first = renderApp('/watch/abc', { handler: emptyHome });
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/404'));
    first.unmount();
    const watch = (url: URL) =>
      url.pathname === '/api/events/12/playback'
        ? json({
            event_id: 12,
            event_type: 'finished',
            access: 'register',
            message: 'Register to watch',
            stream_state: 'unavailable',
            stream: null,
            assets: {
              poster_url: null,
              thumbnails_vtt_url: null,
              preview_url: null,
              preview_alt_url: null,
            },
            preroll: null,
            can_download: false,
            single_event_package_id: null,
          })
        : url.pathname === '/api/events/12'
          ? json(makeEvent({ id: 12 }))
          : emptyHome(url);
    renderApp('/watch/12', { handler: watch });
    expect(await screen.findByRole('link', { name: 'Register to watch' })).toBeTruthy();
  });

  it('remembers the last page but not auth or error pages', async () => {
    const { router } = renderApp('/live?category_id=1', { handler: emptyHome });
    await screen.findByRole('heading', { level: 1, name: 'Live now' });
    // Remembered in an effect, which may run after the heading is painted.
    await waitFor(() =>
      expect(getLastPage()).toEqual({ path: '/live', search: '?category_id=1', params: {} }),
    );
    await router.navigate('/login');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(getLastPage()?.path).toBe('/live');
  });

  it('sends a signed-in visitor away from login, and an anonymous one from profile edit', async () => {
    const signedIn = renderApp('/login', { handler: emptyHome, user });
    await waitFor(() => expect(signedIn.router.state.location.pathname).toBe('/'));
    signedIn.unmount();
    const anonymous = renderApp('/profile/edit', { handler: emptyHome });
    await waitFor(() => expect(anonymous.router.state.location.pathname).toBe('/login'));
  });
});

describe('home and listings', () => {
  it('shows live, upcoming and recent rails from the homepage events', async () => {
    renderApp('/', {
      handler: () =>
        json({
          live: [makeEvent({ id: 1, type: 'live' })],
          upcoming: [makeEvent({ id: 2 })],
          recent: [],
        }),
    });
    const live = await screen.findByRole('region', { name: 'Live now' });
    expect(live.querySelector('a[href="/watch/1"]')).toBeTruthy();
    expect(
      screen.getByRole('region', { name: 'Upcoming' }).querySelector('a[href="/watch/2"]'),
    ).toBeTruthy();
    expect(screen.getByText('No replays are available yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Live' }).getAttribute('href')).toBe('/live');
  });

  it('says what happened when the events cannot be loaded', async () => {
    renderApp('/upcoming', {
      handler: () => json({ message: 'boom', code: 'internal_error' }, 500),
    });
    expect(await screen.findByText('Upcoming games could not be loaded', {})).toBeTruthy();
  });

  it('switches the interface to French and remembers it', async () => {
    renderApp('/live', { handler: emptyHome });
    await screen.findByRole('heading', { level: 1, name: 'Live now' });
    await userEvent.click(screen.getAllByRole('button', { name: 'FR' })[0]!);
    expect(await screen.findByRole('heading', { level: 1, name: 'En direct' })).toBeTruthy();
    expect(localStorage.getItem('rudy_locale')).toContain('fr');
    expect(document.documentElement.lang).toBe('fr');
  });
});
