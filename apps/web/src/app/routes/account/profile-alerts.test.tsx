import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { callsTo, makeProfile, withBackground } from '../../../test/auth-fixtures';
import { json } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('profile alerts', () => {
  it('shows the stored choices and saves the changed ones', async () => {
    const stored = { live: true, tomorrow: true, email: true };
    const { fetch } = renderApp('/profile/alerts', {
      user: makeProfile(),
      handler: withBackground((url, init) => {
        if (url.pathname !== '/api/notifications/settings') return json([]);
        if (init.method === 'POST') {
          const body = JSON.parse(init.body as string) as typeof stored;
          return json({ live: body.live, tomorrow: body.tomorrow, email: body.email });
        }
        return json(stored);
      }),
    });
    const tomorrow = await screen.findByLabelText(/The day before a game/);
    expect((tomorrow as HTMLInputElement).checked).toBe(true);
    await userEvent.click(tomorrow);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Alert settings saved')).toBeTruthy();
    const posted = callsTo(fetch, '/api/notifications/settings').filter((c) => c.method === 'POST');
    expect(posted[0]?.body).toEqual(
      expect.objectContaining({ live: true, tomorrow: false, email: true }),
    );
  });
});
