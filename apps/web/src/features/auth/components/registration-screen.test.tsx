import { FIELD } from '@rudy/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query-client';
import { apiError, makeProfile, withBackground, callsTo } from '../../../test/auth-fixtures';
import { json, type Handler } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';

// Screens load lazily and the tests type whole forms; a busy machine needs the room.

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

const open = (handler: Handler = () => json({})) =>
  renderApp('/registration', { handler: withBackground(handler) });

async function fillValid() {
  await userEvent.type(await screen.findByLabelText('First name', {}), 'Ann');
  await userEvent.type(screen.getByLabelText('Last name'), 'Lee');
  await userEvent.type(screen.getByLabelText('Email'), 'ann@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'correct horse battery');
  await userEvent.type(screen.getByLabelText('Confirm password'), 'correct horse battery');
  await userEvent.click(screen.getByRole('checkbox', { name: /terms & conditions/ }));
}

describe('registration', () => {
  it('shows every spec message at its field, and the terms notice', async () => {
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Register' }));
    for (const text of [
      'Enter your first name',
      'Enter your last name',
      'Enter your Email',
      'Field is required',
      'Please accept terms & conditions',
      'You are not registered yet. Please accept terms and conditions and click Register to continue.',
    ]) {
      expect(await screen.findByText(text), text).toBeTruthy();
    }
    expect(document.activeElement).toBe(screen.getByLabelText('First name'));
    await userEvent.type(screen.getByLabelText('Email'), 'ann@');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('A valid email address is required')).toBeTruthy();
    expect(screen.getByText('The password is too short')).toBeTruthy();
    expect(screen.getByText('The password and password confirmation do not match')).toBeTruthy();
  });

  it('shows the messages in French', async () => {
    await changeLocale('fr');
    open();
    await userEvent.type(await screen.findByLabelText('Mot de passe', {}), 'court');
    await userEvent.click(screen.getByRole('button', { name: "S'inscrire" }));
    for (const text of [
      'Entrez votre prénom',
      'Entrez votre nom',
      'Entrez votre courriel',
      'Le mot de passe est trop court',
      'Le mot de passe et sa confirmation ne correspondent pas',
      'Veuillez accepter les conditions générales',
    ]) {
      expect(await screen.findByText(text), text).toBeTruthy();
    }
  });

  it('hints at the password strength as it is typed', async () => {
    open();
    const password = await screen.findByLabelText('Password', {});
    expect(screen.getByText(/At least 8 characters/)).toBeTruthy();
    await userEvent.type(password, 'abc');
    expect(screen.getByText('Too short')).toBeTruthy();
    await userEvent.type(password, 'defgh');
    expect(screen.getByText('Weak')).toBeTruthy();
    await userEvent.type(password, ' and many more words');
    expect(screen.getByText('Strong')).toBeTruthy();
  });

  it('puts a taken email at the email field, in the client text', async () => {
    open((url) => (url.pathname === '/api/v2/auth/register' ? apiError('email_taken') : json({})));
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(
      await screen.findByText('The email address you have entered is already registered.'),
    ).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    expect(screen.queryByText(/server text/)).toBeNull();
  });

  it('puts server validation messages at their fields', async () => {
    open((url) =>
      url.pathname === '/api/v2/auth/register'
        ? apiError('validation_failed', 400, { first_name: FIELD.firstName })
        : json({}),
    );
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Enter your first name')).toBeTruthy();
  });

  it('signs the new account in and sends it to the verification notice', async () => {
    const ann = makeProfile({ email_verified: false });
    const { router, fetch } = open((url) =>
      url.pathname === '/api/v2/auth/register' ? json(ann) : json({}),
    );
    await fillValid();
    await userEvent.click(screen.getByLabelText('Send me news and offers by email'));
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-notice'));
    expect(
      await screen.findByText('We sent a confirmation link to ann@example.com.', {}),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Account menu for Ann Lee' })).toBeTruthy();
    expect(callsTo(fetch, '/api/v2/auth/register')[0]?.body).toMatchObject({
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'ann@example.com',
      password: 'correct horse battery',
      password_confirmation: 'correct horse battery',
      newsletter: true,
      terms_accepted: true,
    });
  });
});
