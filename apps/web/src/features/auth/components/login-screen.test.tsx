import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROFILE_QUERY_KEY } from '../api/get-profile';
import { queryClient } from '../../../lib/query-client';
import { changeLocale } from '../../../lib/i18n';
import { apiError, makeProfile, withBackground, callsTo } from '../../../test/auth-fixtures';
import { json } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';

// Screens load lazily and the tests type whole forms; a busy machine needs the room.

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

const ann = makeProfile();

async function fillAndSubmit(email: string, password: string) {
  await userEvent.type(await screen.findByLabelText('Email', {}), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('login', () => {
  it('shows the spec messages at the fields and focuses the first invalid one', async () => {
    renderApp('/login', { handler: withBackground(() => json({})) });
    await userEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    const email = screen.getByLabelText('Email');
    expect(await screen.findByText('Enter your Email')).toBeTruthy();
    expect(screen.getByText('Field is required')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toContain(
      screen.getByText('Enter your Email').id,
    );
    expect(document.activeElement).toBe(email);
    await userEvent.type(email, 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('A valid email address is required')).toBeTruthy();
  });

  it('says the same in French', async () => {
    await changeLocale('fr');
    renderApp('/login', { handler: withBackground(() => json({})) });
    await userEvent.click(await screen.findByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Entrez votre courriel')).toBeTruthy();
    expect(screen.getByText('Ce champ est obligatoire')).toBeTruthy();
  });

  it('maps a refused sign-in by its code, never showing the server text', async () => {
    renderApp('/login', {
      handler: withBackground((url) =>
        url.pathname === '/api/v2/auth/login' ? apiError('wrong_auth_data') : json({}),
      ),
    });
    await fillAndSubmit('ann@example.com', 'wrong password');
    expect((await screen.findByRole('alert')).textContent).toContain('Wrong auth data');
    expect(screen.queryByText(/server text/)).toBeNull();
  });

  it('reads the sign-in again when the key was signed in meanwhile (another tab)', async () => {
    const { fetch } = renderApp('/login', {
      handler: withBackground((url) =>
        url.pathname === '/api/v2/auth/login' ? apiError('already_logged_in') : json({}),
      ),
    });
    await fillAndSubmit('ann@example.com', 'correct horse');
    expect(await screen.findByText('You are already logged in')).toBeTruthy();
    await waitFor(() => expect(callsTo(fetch, '/api/profile')).toHaveLength(1));
  });

  it('maps throttling (429) to its own message', async () => {
    renderApp('/login', {
      handler: withBackground((url) =>
        url.pathname === '/api/v2/auth/login' ? apiError('rate_limited', 429) : json({}),
      ),
    });
    await fillAndSubmit('ann@example.com', 'whatever1');
    expect(
      await screen.findAllByText(
        'Too many attempts in a short time. Please wait a few minutes and try again.',
      ),
    ).not.toHaveLength(0);
  });

  it('signs in, updates the header at once and returns to the page that asked', async () => {
    const { router, fetch } = renderApp('/login?return_to=%2Ffaq', {
      handler: withBackground((url) =>
        url.pathname === '/api/v2/auth/login' ? json(ann) : json([]),
      ),
    });
    await fillAndSubmit('ann@example.com', 'correct horse');
    await waitFor(() => expect(router.state.location.pathname).toBe('/faq'));
    expect(screen.getByRole('button', { name: 'Account menu for Ann Lee' })).toBeTruthy();
    expect(screen.getByText('Welcome back, Ann!')).toBeTruthy();
    expect(callsTo(fetch, '/api/v2/auth/login')[0]?.body).toMatchObject({
      email: 'ann@example.com',
      password: 'correct horse',
      api_key: 'test-key',
    });
    expect(queryClient.getQueryData(PROFILE_QUERY_KEY)).toEqual(ann);
  });

  it('names social accounts only when a provider is configured', async () => {
    const { fetch } = renderApp('/login', { handler: withBackground(() => json({})) });
    expect(await screen.findByText('Sign in with your email to watch your games.')).toBeTruthy();
    await waitFor(() => expect(callsTo(fetch, '/api/auth/providers')).toHaveLength(1));
    expect(screen.queryByText(/social account/)).toBeNull();
    expect(screen.queryByRole('button', { name: /Continue with/ })).toBeNull();
  });

  it('shows only the configured social providers and starts the chosen one', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { assign, origin: 'http://localhost', href: 'http://localhost/' });
    const { fetch } = renderApp('/login?return_to=%2Fschedule', {
      handler: (url) => {
        if (url.pathname === '/api/auth/providers') return json({ providers: ['google'] });
        if (url.pathname === '/api/v2/auth/social/google') {
          return json({ authorization_url: 'https://accounts.example/auth?x=1' });
        }
        return json({});
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(
      screen.getByText('Sign in with your email or a social account to watch your games.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue with Facebook' })).toBeNull();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.example/auth?x=1'));
    expect(callsTo(fetch, '/api/v2/auth/social/google')[0]?.body).toMatchObject({
      return_to: '/schedule',
    });
  });

  it('finishes a social sign-in from the returned code, once, and goes back', async () => {
    const { router, fetch } = renderApp('/login?code=one-time&return_to=%2Fcontacts', {
      handler: withBackground((url) =>
        url.pathname === '/api/auth/add_session' ? json(ann) : json([]),
      ),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts'));
    const calls = callsTo(fetch, '/api/auth/add_session');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toMatchObject({ code: 'one-time' });
    expect(screen.getByRole('button', { name: 'Account menu for Ann Lee' })).toBeTruthy();
  });

  it('explains a social sign-in the server refused', async () => {
    renderApp('/login?social_error=email_unverified', { handler: withBackground(() => json({})) });
    const alert = await screen.findByRole('alert', {});
    expect(within(alert).getByText(/already has an account here/)).toBeTruthy();
  });
});
