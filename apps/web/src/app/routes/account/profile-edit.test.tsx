import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROFILE_QUERY_KEY } from '../../../features/auth/api/get-profile';
import { changeLocale } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query-client';
import { apiError, makeProfile, withBackground, callsTo } from '../../../test/auth-fixtures';
import { json } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

const ann = makeProfile();
const isUpdate = (url: URL, init: RequestInit) =>
  url.pathname === '/api/profile' && init.method === 'POST';

function updateBodies(fetch: ReturnType<typeof renderApp>['fetch']) {
  return callsTo(fetch, '/api/profile')
    .filter((call) => call.method === 'POST')
    .map((call) => call.body);
}

describe('profile edit', () => {
  it('saves names and newsletter, and the header follows', async () => {
    const { fetch } = renderApp('/profile/edit', {
      user: ann,
      handler: withBackground((url, init) =>
        isUpdate(url, init) ? json({ ...ann, first_name: 'Anna', newsletter: true }) : json([]),
      ),
    });
    const first = await screen.findByLabelText('First name', {});
    await userEvent.clear(first);
    await userEvent.type(first, 'Anna');
    await userEvent.click(screen.getByLabelText('Send me news and offers by email'));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your profile has been saved.')).toBeTruthy();
    expect(updateBodies(fetch)[0]).toEqual(
      expect.objectContaining({ _method: 'patch', first_name: 'Anna', newsletter: true }),
    );
    expect(updateBodies(fetch)[0]).not.toHaveProperty('email');
    expect(screen.getByRole('button', { name: 'Account menu for Anna Lee' })).toBeTruthy();
  });

  it('asks the current password for a new email, and shows a wrong one at its field', async () => {
    const { fetch } = renderApp('/profile/edit', {
      user: ann,
      handler: withBackground((url, init) =>
        isUpdate(url, init)
          ? apiError('incorrect_password', 400, { current_password: 'Incorrect password' })
          : json([]),
      ),
    });
    const email = await screen.findByLabelText('Email', {});
    expect(screen.queryByLabelText('Password to confirm the new email')).toBeNull();
    await userEvent.clear(email);
    await userEvent.type(email, 'ann.new@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Field is required')).toBeTruthy();
    const current = screen.getByLabelText('Password to confirm the new email');
    expect(document.activeElement).toBe(current);
    await userEvent.type(current, 'not my password');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Incorrect password')).toBeTruthy();
    expect(current.getAttribute('aria-invalid')).toBe('true');
    expect(updateBodies(fetch)[0]).toEqual(
      expect.objectContaining({
        email: 'ann.new@example.com',
        current_password: 'not my password',
      }),
    );
  });

  it("says 'Incorrect password' in French too", async () => {
    await changeLocale('fr');
    renderApp('/profile/edit', {
      user: ann,
      handler: withBackground((url, init) =>
        isUpdate(url, init)
          ? apiError('incorrect_password', 400, { current_password: 'Incorrect password' })
          : json([]),
      ),
    });
    await userEvent.type(await screen.findByLabelText('Nouveau mot de passe', {}), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
    expect(await screen.findByText('Le mot de passe est trop court')).toBeTruthy();
    expect(screen.getAllByText('Ce champ est obligatoire')).not.toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Mot de passe actuel'), 'wrong one');
    await userEvent.type(screen.getByLabelText('Nouveau mot de passe'), 'long enough now');
    await userEvent.type(screen.getByLabelText('Confirmez le mot de passe'), 'xlong enough now');
    await userEvent.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
    expect(await screen.findByText('Mot de passe incorrect')).toBeTruthy();
  });

  it('changes the password with the current one and clears the form', async () => {
    const { fetch } = renderApp('/profile/edit', {
      user: ann,
      handler: withBackground((url, init) => (isUpdate(url, init) ? json(ann) : json([]))),
    });
    await userEvent.type(await screen.findByLabelText('Current password', {}), 'old one!');
    await userEvent.type(screen.getByLabelText('New password'), 'brand new passphrase');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'brand new passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeTruthy();
    expect(updateBodies(fetch)[0]).toEqual({
      _method: 'patch',
      current_password: 'old one!',
      password: 'brand new passphrase',
      password_confirmation: 'brand new passphrase',
      api_key: 'test-key',
      lang: 'en',
    });
    await waitFor(() => expect(screen.getByLabelText('New password')).toHaveProperty('value', ''));
    expect(queryClient.getQueryData(PROFILE_QUERY_KEY)).toEqual(ann);
  });
});
