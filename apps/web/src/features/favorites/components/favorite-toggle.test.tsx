import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { apiClient } from '../../../lib/api-client';
import { createQueryClient } from '../../../lib/query-client';
import { STORAGE_KEYS, setItem } from '../../../lib/storage';
import { TEST_CONFIG, json, mockFetch, type Handler } from '../../../test/fetch-mock';
import { FavoriteToggle } from './favorite-toggle';

const wolves = { type: 'participant' as const, id: 1, name: 'Lakeshore Wolves' };

function stored(id: number) {
  return {
    id,
    favoritable_id: 1,
    favoritable_type: 'participant',
    name: 'Lakeshore Wolves',
    short_name: 'Wolves',
    logo: null,
    created_at: '2026-11-20T12:00:00Z',
  };
}

function renderToggles(userId: number | null, handler: Handler, count = 1) {
  const fetch = mockFetch(handler);
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/schedule?team=1']}>
        {Array.from({ length: count }, (_, i) => (
          <FavoriteToggle key={i} subject={wolves} userId={userId} />
        ))}
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return fetch;
}

/** The stars of the team, pressed or not (their label says which). */
const stars = () => screen.getAllByRole('button', { name: /: Lakeshore Wolves$/ });

beforeEach(() => {
  apiClient.configure(TEST_CONFIG, () => 'en');
  setItem(STORAGE_KEYS.apiKey, 'test-key');
});
afterEach(() => vi.unstubAllGlobals());

describe('FavoriteToggle', () => {
  it('asks an anonymous visitor to log in, and comes back to the page afterwards', async () => {
    const fetch = renderToggles(null, () => json({}, 500));
    const [star] = stars();
    expect(star?.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(star!);
    const dialog = screen.getByRole('dialog', { name: 'Log in to keep favourites' });
    expect(dialog.textContent).toContain('Lakeshore Wolves');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/login?return_to=%2Fschedule%3Fteam%3D1',
    );
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/registration?return_to=%2Fschedule%3Fteam%3D1',
    );
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('adds and removes a favourite, showing the change at once', async () => {
    let release: (() => void) | undefined;
    const fetch = renderToggles(42, async (url, init) => {
      if (url.pathname === '/api/favorites') return json([]);
      if (url.pathname === '/api/favorite' && init.method === 'POST') {
        await new Promise<void>((resolve) => (release = resolve));
        return json(stored(55));
      }
      if (url.pathname === '/api/favorite/55' && init.method === 'DELETE') {
        return json({ id: 55, deleted: true });
      }
      return json({ message: 'unexpected', code: 'not_found' }, 404);
    });
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(stars()[0]?.getAttribute('aria-label')).toBe('Favourite: Lakeshore Wolves');
    await userEvent.click(stars()[0]!);
    expect(stars()[0]?.getAttribute('aria-pressed')).toBe('true');
    expect(stars()[0]?.getAttribute('aria-label')).toBe('In your favourites: Lakeshore Wolves');
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(post?.[1]?.body as string)).toMatchObject({
      favoritable_id: 1,
      favoritable_type: 'participant',
      api_key: 'test-key',
    });
    release?.();
    await waitFor(() => expect(stars()[0]?.getAttribute('aria-busy')).toBeNull());
    await userEvent.click(stars()[0]!);
    expect(stars()[0]?.getAttribute('aria-pressed')).toBe('false');
    expect(stars()[0]?.getAttribute('aria-label')).toBe('Favourite: Lakeshore Wolves');
    await waitFor(() =>
      expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true),
    );
  });

  it('turns every star of the same team on together', async () => {
    renderToggles(
      42,
      (url) => (url.pathname === '/api/favorites' ? json([]) : json(stored(56))),
      2,
    );
    await waitFor(() => expect(stars()[0]?.getAttribute('aria-busy')).toBeNull());
    await userEvent.click(stars()[1]!);
    expect(stars().map((s) => s.getAttribute('aria-pressed'))).toEqual(['true', 'true']);
  });

  it('shows a starred team as on, and puts it back when the server refuses a change', async () => {
    renderToggles(42, (url) =>
      url.pathname === '/api/favorites'
        ? json([stored(57)])
        : json({ message: 'boom', code: 'internal_error' }, 500),
    );
    await waitFor(() => expect(stars()[0]?.getAttribute('aria-pressed')).toBe('true'));
    await userEvent.click(stars()[0]!);
    expect(
      await screen.findByText('Your favourites could not be updated. Please try again.'),
    ).toBeTruthy();
    expect(stars()[0]?.getAttribute('aria-pressed')).toBe('true');
  });
});
