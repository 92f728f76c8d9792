import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fetch-mock';
import { makeEvent } from '../../../test/fixtures';
import { renderWithApi } from '../../../test/render-with-api';
import { WatchDetails } from './watch-details';

const game = makeEvent({ id: 19, location_id: 4 });
const RINK = 'Kingston Memorial Centre';

function stored(id: number, type: string, favoritableId: number, name: string) {
  return {
    id,
    favoritable_id: favoritableId,
    favoritable_type: type,
    name,
    short_name: null,
    logo: null,
    created_at: '2026-11-20T12:00:00Z',
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('WatchDetails: the game and its rink as favourites (spec 3)', () => {
  it('stars the game (favorite_event) and its rink (event_location)', async () => {
    const fetch = renderWithApi(
      <MemoryRouter initialEntries={['/watch/19']}>
        <WatchDetails event={game} locationName={RINK} userId={42} />
      </MemoryRouter>,
      (url, init) => {
        if (url.pathname === '/api/favorites') return json([]);
        if (url.pathname === '/api/favorite' && init.method === 'POST') {
          const body = JSON.parse(init.body as string) as {
            favoritable_type: string;
            favoritable_id: number;
          };
          return json(stored(70, body.favoritable_type, body.favoritable_id, 'x'));
        }
        return json({ message: 'unexpected', code: 'not_found' }, 404);
      },
    );
    const gameStar = await screen.findByRole('button', { name: 'Favourite: Rapids @ Knights' });
    const rinkStar = await screen.findByRole('button', { name: `Favourite: ${RINK}` });
    await waitFor(() => expect(gameStar.getAttribute('aria-busy')).toBeNull());

    await userEvent.click(gameStar);
    expect(gameStar.getAttribute('aria-pressed')).toBe('true');
    expect(rinkStar.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(rinkStar);
    expect(rinkStar.getAttribute('aria-pressed')).toBe('true');

    await waitFor(() =>
      expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(2),
    );
    const posted = fetch.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([, init]) => JSON.parse(init?.body as string) as Record<string, unknown>);
    expect(posted).toEqual([
      expect.objectContaining({ favoritable_type: 'favorite_event', favoritable_id: 19 }),
      expect.objectContaining({ favoritable_type: 'event_location', favoritable_id: 4 }),
    ]);
  });

  it('shows a starred game and rink as on, and no rink star for a game without one', async () => {
    renderWithApi(
      <MemoryRouter>
        <WatchDetails event={game} locationName={RINK} userId={42} />
      </MemoryRouter>,
      () =>
        json([
          stored(71, 'favorite_event', 19, 'Rapids @ Knights'),
          stored(72, 'event_location', 4, RINK),
        ]),
    );
    const gameStar = await screen.findByRole('button', { name: 'Favourite: Rapids @ Knights' });
    const rinkStar = await screen.findByRole('button', { name: `Favourite: ${RINK}` });
    await waitFor(() => expect(gameStar.getAttribute('aria-pressed')).toBe('true'));
    expect(rinkStar.getAttribute('aria-pressed')).toBe('true');
  });

  it('has no rink star when the game has no rink', async () => {
    renderWithApi(
      <MemoryRouter>
        <WatchDetails
          event={makeEvent({ location_id: null })}
          locationName={undefined}
          userId={null}
        />
      </MemoryRouter>,
      () => json([]),
    );
    expect(await screen.findByRole('button', { name: 'Favourite: Rapids @ Knights' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Favourite:/ })).toHaveLength(1);
  });
});
