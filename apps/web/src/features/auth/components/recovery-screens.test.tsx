import { FIELD } from '@rudy/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../lib/i18n';
import { rememberLastPage } from '../../../lib/navigation-memory';
import { queryClient } from '../../../lib/query-client';
import { apiError, makeProfile, withBackground, callsTo } from '../../../test/auth-fixtures';
import { json, type Handler } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

const LINK = 'email=ann%40example.com&expires=1893456000&signature=abc';
const answer = (path: string, response: () => Response): Handler =>
  withBackground((url) => (url.pathname === path ? response() : json([])));

describe('email verification link', () => {
  it('confirms the address once and says so', async () => {
    const { fetch } = renderApp(`/verify-email?${LINK}`, {
      handler: answer('/api/auth/email-verify', () => json({ message: 'Email verified.' })),
    });
    expect(await screen.findByText('Your email address is confirmed. Thank you!', {})).toBeTruthy();
    const calls = callsTo(fetch, '/api/auth/email-verify');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toMatchObject({
      email: 'ann@example.com',
      expires: 1893456000,
      signature: 'abc',
    });
  });

  it('brings a signed-in user back to the page they registered from (the Buy page)', async () => {
    rememberLastPage({ path: '/buy', search: '?package_id=1', params: {} });
    const { router } = renderApp(`/verify-email?${LINK}`, {
      user: makeProfile({ email_verified: false }),
      handler: answer('/api/auth/email-verify', () => json({ message: 'Email verified.' })),
    });
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/buy?package_id=1',
      ),
    );
    expect(await screen.findByText('Your email address is confirmed. Thank you!', {})).toBeTruthy();
  });

  it.each([
    ['verification_failed', 'Verification your email address failed.'],
    ['email_already_verified', 'Your email already verified.'],
  ])('maps %s to the client text', async (code, text) => {
    renderApp(`/verify-email?${LINK}`, {
      handler: answer('/api/auth/email-verify', () => apiError(code)),
    });
    expect(await screen.findByText(text, {})).toBeTruthy();
    expect(screen.queryByText(/server text/)).toBeNull();
  });

  it('treats a link the server cannot read as a failed verification', async () => {
    renderApp(`/verify-email?${LINK}`, {
      handler: answer('/api/auth/email-verify', () =>
        apiError('validation_failed', 400, { email: FIELD.email }),
      ),
    });
    expect(await screen.findByText('Verification your email address failed.', {})).toBeTruthy();
  });

  it('fails a link with a missing part without calling the server, in French too', async () => {
    await changeLocale('fr');
    const { fetch } = renderApp('/verify-email?email=ann%40example.com', {
      handler: withBackground(() => json([])),
    });
    expect(
      await screen.findByText('La vérification de votre adresse courriel a échoué.', {}),
    ).toBeTruthy();
    expect(callsTo(fetch, '/api/auth/email-verify')).toHaveLength(0);
  });
});

describe('verification notice', () => {
  it('links to the dev outbox only when the server has one', async () => {
    const user = makeProfile({ email_verified: false });
    const first = renderApp('/verify-notice', { user, handler: withBackground(() => json([])) });
    await screen.findByText('We sent a confirmation link to ann@example.com.', {});
    expect(screen.queryByRole('link', { name: 'open the dev outbox' })).toBeNull();
    first.unmount();
    queryClient.clear();
    const outboxAnswering = (unlocked: boolean) => (url: URL) =>
      url.pathname === '/dev/outbox/status'
        ? json({ unlocked })
        : withBackground(() => json([]))(url, {});
    const locked = renderApp('/verify-notice', { user, handler: outboxAnswering(false) });
    const link = await screen.findByRole('link', { name: 'open the dev outbox' });
    expect(link.getAttribute('href')).toBe('/dev/outbox?to=ann%40example.com');
    expect(screen.getByText(/open the address printed in the terminal/)).toBeTruthy();
    locked.unmount();
    queryClient.clear();
    renderApp('/verify-notice', { user, handler: outboxAnswering(true) });
    await screen.findByRole('link', { name: 'open the dev outbox' });
    expect(screen.queryByText(/open the address printed in the terminal/)).toBeNull();
  });
});

describe('password recovery', () => {
  it('answers a reset request the same way whatever the account', async () => {
    const { fetch } = renderApp('/password-reset-request', {
      handler: answer('/api/auth/password-reset-request', () => json({ message: 'x' })),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText('Enter your Email')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Email'), 'who@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText(/If an account exists for who@example.com/)).toBeTruthy();
    expect(callsTo(fetch, '/api/auth/password-reset-request')[0]?.body).toMatchObject({
      email: 'who@example.com',
    });
  });

  it('maps an expired link and offers a new one', async () => {
    renderApp(`/password-reset?${LINK}`, {
      handler: answer('/api/auth/password-reset', () => apiError('reset_key_expired')),
    });
    await userEvent.type(await screen.findByLabelText('New password', {}), 'new passphrase');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'new passphrase!');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(
      await screen.findByText('The password and password confirmation do not match'),
    ).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Confirm password'));
    await userEvent.type(screen.getByLabelText('Confirm password'), 'new passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText(/Reset password key expired\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/password-reset-request',
    );
  });

  it('treats a reset link the server cannot read as a failed reset', async () => {
    renderApp(`/password-reset?${LINK}`, {
      handler: answer('/api/auth/password-reset', () =>
        apiError('validation_failed', 400, { signature: 'signature is malformed' }),
      ),
    });
    await userEvent.type(await screen.findByLabelText('New password', {}), 'new passphrase');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'new passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText(/Reset password failed\./)).toBeTruthy();
  });

  it('sets the new password and sends the user to log in with it', async () => {
    const { router, fetch } = renderApp(`/password-reset?${LINK}`, {
      handler: answer('/api/auth/password-reset', () => json({ message: 'Password changed.' })),
    });
    await userEvent.type(await screen.findByLabelText('New password', {}), 'new passphrase');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'new passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?email=ann%40example.com');
    expect(
      await screen.findByText('Your password has been changed. Log in with the new one.'),
    ).toBeTruthy();
    expect(await screen.findByLabelText('Email', {})).toHaveProperty('value', 'ann@example.com');
    expect(callsTo(fetch, '/api/auth/password-reset')[0]?.body).toMatchObject({
      email: 'ann@example.com',
      expires: 1893456000,
      signature: 'abc',
      password: 'new passphrase',
      password_confirmation: 'new passphrase',
    });
  });
});
