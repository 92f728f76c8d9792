import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROFILE_QUERY_KEY } from '../features/auth/api/get-profile';
import { queryClient } from '../lib/query-client';
import { STORAGE_KEYS, getItem } from '../lib/storage';
import { apiError, makeProfile, withBackground, callsTo } from '../test/auth-fixtures';
import { FUTURE, json, urlOf } from '../test/fetch-mock';
import { renderApp } from '../test/render-app';
import { SIGNED_IN_REDIRECTS, watchNavigation } from './route-guards';

// Each test loads lazy route modules and waits for several round trips.

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

const ann = makeProfile();
/** A channel without custom forms: /contacts asks for its 'contact' form and gets the spec's 404. */
const withoutForms =
  (handler: Parameters<typeof withBackground>[0]): Parameters<typeof withBackground>[0] =>
  (url, init) =>
    url.pathname.startsWith('/api/custom-forms/') ? apiError('not_found', 404) : handler(url, init);
const background = withBackground(() => json([]));

describe('navigation rules (spec section 2)', () => {
  it.each(Object.keys(SIGNED_IN_REDIRECTS))('sends a signed-in user away from %s', async (path) => {
    const { router } = renderApp(path, { handler: background, user: ann });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it.each(['/profile', '/profile/clips', '/profile/edit', '/confirm-account-deletion'])(
    'sends a visitor from %s to login, and back there after signing in',
    async (path) => {
      const { router } = renderApp(path, {
        handler: withBackground((url) =>
          url.pathname === '/api/v2/auth/login' ? json(ann) : json([]),
        ),
      });
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(new URLSearchParams(router.state.location.search).get('return_to')).toBe(path);
      await userEvent.type(await screen.findByLabelText('Email', {}), 'ann@example.com');
      await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
      await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(path));
    },
  );

  it('restores the last page after a plain login', async () => {
    const { router } = renderApp('/contacts', {
      handler: withBackground(
        withoutForms((url) => (url.pathname === '/api/v2/auth/login' ? json(ann) : json([]))),
      ),
    });
    await screen.findByRole('heading', { level: 1 });
    await router.navigate('/login');
    await userEvent.type(await screen.findByLabelText('Email', {}), 'ann@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts'));
  });

  it('keeps a user with a temporary password on profile edit until it is changed', async () => {
    const temp = makeProfile({ temporary_password: true });
    const { router, fetch } = renderApp('/contacts', {
      user: temp,
      handler: withBackground(
        withoutForms((url) =>
          url.pathname === '/api/profile' ? json({ ...temp, temporary_password: false }) : json([]),
        ),
      ),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/edit'));
    expect(await screen.findByText('Choose your own password', {})).toBeTruthy();
    await router.navigate('/faq');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/edit'));
    // No current password is asked of a temporary one.
    const newPassword = await screen.findByLabelText('New password', {});
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await userEvent.type(newPassword, 'my own passphrase');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'my own passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByText('Your password has been changed.');
    const update = callsTo(fetch, '/api/profile').find((call) => call.method === 'POST');
    expect(update?.body).toEqual(
      expect.objectContaining({ _method: 'patch', password: 'my own passphrase' }),
    );
    await router.navigate('/faq');
    await waitFor(() => expect(router.state.location.pathname).toBe('/faq'));
  });

  it('sends a logged-out user going from login or registration to Buy back', async () => {
    const { router } = renderApp('/registration?x=1', { handler: background });
    watchNavigation(router);
    await screen.findByRole('heading', { level: 1, name: 'Create an account' });
    await router.navigate('/buy');
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(router.state.location.pathname + router.state.location.search).toBe('/registration?x=1');
    await router.navigate('/faq');
    await router.navigate('/buy');
    await waitFor(() => expect(router.state.location.pathname).toBe('/buy'));
  });
});

describe('logout', () => {
  it('revokes the key, takes a fresh anonymous one, resets the user and says so', async () => {
    const { router, fetch } = renderApp('/profile', {
      user: ann,
      handler: withBackground((url) => {
        if (url.pathname === '/api/auth/logout') return json({ message: 'Logged out' });
        if (url.pathname === '/api/get_api_key') {
          return json({ api_key: 'fresh-anonymous-key', expires_at: FUTURE });
        }
        return json([]);
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    // The fresh key may come first: home asks for it as soon as it is on screen.
    await waitFor(() => expect(queryClient.getQueryData(PROFILE_QUERY_KEY)).toBeNull());
    expect(getItem(STORAGE_KEYS.apiKey)).toBe('fresh-anonymous-key');
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByText('You are logged out.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(screen.queryByText('You are signed out')).toBeNull();
    expect(callsTo(fetch, '/api/auth/logout')[0]?.body).toMatchObject({ api_key: 'test-key' });
  });

  it('sends nothing with the revoked key once logout is done (home asked with it: a 401)', async () => {
    const { fetch } = renderApp('/profile', {
      user: ann,
      handler: withBackground((url) => {
        if (url.pathname === '/api/auth/logout') return json({ message: 'Logged out' });
        if (url.pathname === '/api/get_api_key') {
          return json({ api_key: 'fresh-anonymous-key', expires_at: FUTURE });
        }
        return json([]);
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('You are logged out.')).toBeTruthy();
    await waitFor(() =>
      expect(callsTo(fetch, '/api/events-for-homepage').length).toBeGreaterThan(0),
    );
    const calls = fetch.mock.calls.map(([input, init]) => {
      const url = new URL(urlOf(input), 'http://localhost');
      const body =
        typeof init?.body === 'string' ? (JSON.parse(init.body) as { api_key?: string }) : {};
      return { path: url.pathname, key: url.searchParams.get('api_key') ?? body.api_key };
    });
    const logoutAt = calls.findIndex((c) => c.path === '/api/auth/logout');
    expect(calls.slice(logoutAt + 1).filter((c) => c.key === 'test-key')).toEqual([]);
    expect(calls.slice(logoutAt + 1).some((c) => c.key === 'fresh-anonymous-key')).toBe(true);
    // One fresh key, kept when the session ends.
    expect(callsTo(fetch, '/api/get_api_key')).toHaveLength(1);
  });

  it('logs out from the header menu too, and maps a refusal by its code', async () => {
    renderApp('/faq', {
      user: ann,
      handler: withBackground((url) =>
        url.pathname === '/api/auth/logout' ? apiError('cannot_logout') : json([]),
      ),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu for Ann Lee' }));
    expect(screen.getByText('ann@example.com')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText("user can't be logged out")).toBeTruthy();
    expect(getItem(STORAGE_KEYS.apiKey)).toBe('test-key');
  });
});
