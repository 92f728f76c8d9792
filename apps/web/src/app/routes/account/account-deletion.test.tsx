import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROFILE_QUERY_KEY } from '../../../features/auth/api/get-profile';
import { queryClient } from '../../../lib/query-client';
import { getLastPage } from '../../../lib/navigation-memory';
import { STORAGE_KEYS, getItem } from '../../../lib/storage';
import { apiError, makeProfile, withBackground, callsTo } from '../../../test/auth-fixtures';
import { FUTURE, json } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { makeClipList } from '../../../test/fixtures';

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('account deletion', () => {
  it('is remembered as the last page (spec 2: only auth and error routes are not)', async () => {
    renderApp('/confirm-account-deletion', {
      user: makeProfile(),
      handler: withBackground(() => json([])),
    });
    await screen.findByRole('button', { name: 'Delete my account' });
    await waitFor(() => expect(getLastPage()?.path).toBe('/confirm-account-deletion'));
  });

  it('refuses a wrong password at the field', async () => {
    renderApp('/confirm-account-deletion', {
      user: makeProfile(),
      handler: withBackground((url) =>
        url.pathname === '/api/delete-account-confirm'
          ? apiError('incorrect_password', 400, { password: 'Incorrect password' })
          : json([]),
      ),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Field is required')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Password'), 'not it');
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Incorrect password')).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
  });

  it('deletes, ends the session with a fresh anonymous key and goes home with a toast', async () => {
    const { router, fetch } = renderApp('/confirm-account-deletion', {
      user: makeProfile(),
      handler: withBackground((url) => {
        if (url.pathname === '/api/delete-account-confirm') return json({ message: 'ok' });
        if (url.pathname === '/api/get_api_key') {
          return json({ api_key: 'anonymous-again', expires_at: FUTURE });
        }
        return json([]);
      }),
    });
    await userEvent.type(await screen.findByLabelText('Password', {}), 'my password');
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Your account has been deleted.', {})).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(getItem(STORAGE_KEYS.apiKey)).toBe('anonymous-again');
    expect(queryClient.getQueryData(PROFILE_QUERY_KEY)).toBeNull();
    expect(callsTo(fetch, '/api/delete-account-confirm')[0]?.body).toMatchObject({
      password: 'my password',
    });
  });

  it('asks a social-only account for its email instead', async () => {
    const { fetch } = renderApp('/confirm-account-deletion', {
      user: makeProfile({ has_password: false }),
      handler: withBackground(() => json([])),
    });
    const email = await screen.findByLabelText('Email address', {});
    expect(screen.queryByLabelText('Password')).toBeNull();
    await userEvent.type(email, 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('A valid email address is required')).toBeTruthy();
    await userEvent.clear(email);
    await userEvent.type(email, 'ann@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() =>
      expect(callsTo(fetch, '/api/delete-account-confirm')[0]?.body).toMatchObject({
        email: 'ann@example.com',
      }),
    );
  });
});

describe('account page', () => {
  it('shows the user, the verification state and real empty states', async () => {
    const { router, fetch } = renderApp('/profile', {
      user: makeProfile({ email_verified: false }),
      handler: withBackground((url) => {
        if (url.pathname === '/api/user/access') {
          return json({
            capabilities: ['WATCH', 'no_ads'],
            featureCount: {},
            is_geo_blocked: false,
          });
        }
        if (url.pathname === '/api/auth/email-verify/resend') return json({ message: 'sent' });
        if (url.pathname === '/api/clips/user') return json(makeClipList());
        if (url.pathname === '/api/orders') {
          return json({ data: [], meta: { total: 0, offset: 0, limit: 0 } });
        }
        return json([]);
      }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ann Lee' })).toBeTruthy();
    expect(screen.getByText('ann@example.com')).toBeTruthy();
    expect(screen.getByText('Email not confirmed')).toBeTruthy();
    expect(await screen.findByText('No orders yet', {})).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText(/A new link is on its way/)).toBeTruthy();
    expect(callsTo(fetch, '/api/auth/email-verify/resend')).toHaveLength(1);
    await userEvent.click(screen.getByRole('link', { name: 'Clips' }));
    expect(await screen.findByText('No clips yet', {})).toBeTruthy();
    await router.navigate('/profile/transactions');
    expect(await screen.findByText('No transactions yet', {})).toBeTruthy();
    await router.navigate('/profile/passes');
    expect(await screen.findByText('Watch games', {})).toBeTruthy();
    expect(screen.getByText('No ads')).toBeTruthy();
  });
});
