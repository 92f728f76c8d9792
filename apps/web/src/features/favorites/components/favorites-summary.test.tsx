import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fetch-mock';
import { renderWithApi } from '../../../test/render-with-api';
import { FavoritesSummary } from './favorites-summary';

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

describe('FavoritesSummary', () => {
  it('lists favourite games and rinks with the rest, each opening its page', async () => {
    renderWithApi(
      <MemoryRouter>
        <FavoritesSummary userId={42} />
      </MemoryRouter>,
      () =>
        json([
          stored(1, 'favorite_event', 19, 'Rapids @ Knights'),
          stored(2, 'event_location', 4, 'Kingston Memorial Centre'),
          stored(3, 'participant', 2, "St. Brendan's Knights"),
        ]),
    );
    const game = await screen.findByRole('link', { name: /Rapids @ Knights/ });
    expect(game.getAttribute('href')).toBe('/watch/19');
    const rink = screen.getByRole('link', { name: /Kingston Memorial Centre/ });
    expect(rink.getAttribute('href')).toBe('/schedule?rink=4');
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual([
      "TeamSt. Brendan's Knights",
      'RinkKingston Memorial Centre',
      'GameRapids @ Knights',
    ]);
    expect(screen.getAllByRole('button', { name: /^In your favourites:/ })).toHaveLength(3);
  });
});
