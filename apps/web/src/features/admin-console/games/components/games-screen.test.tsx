import type { AdminGame, AdminGameOptions } from '@rudy/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../../locales/admin';
import { apiClient } from '../../../../lib/api-client';
import { createQueryClient } from '../../../../lib/query-client';
import { STORAGE_KEYS, setItem } from '../../../../lib/storage';
import { TEST_CONFIG, json, mockFetch } from '../../../../test/fetch-mock';
import { GamesScreen, gameWindowOf } from './games-screen';

const HOUR = 3_600_000;
const OPTIONS: AdminGameOptions = {
  teams: [
    { id: 1, name: 'Hawks', short_name: 'HAW' },
    { id: 2, name: 'Owls', short_name: 'OWL' },
  ],
  categories: [],
  locations: [],
  prerolls: [],
  time_zone: 'UTC',
  currency: 'USD',
};

function game(id: number, start: Date, name: string): AdminGame {
  return {
    id,
    name_en: name,
    name_fr: name,
    starts_at: start.toISOString().slice(0, 16),
    time_zone: 'UTC',
    event_utc_ts: start.toISOString(),
    duration_minutes: 120,
    home_team_id: 1,
    away_team_id: 2,
    event_category_id: null,
    location_id: null,
    access_type: 'paid',
    price_cents: 500,
    currency: 'USD',
    has_orders: false,
    published: true,
    geo_rule: 'everywhere',
    geo_countries: [],
    preroll_mode: 'none',
    preroll_id: null,
  };
}

const page = (data: AdminGame[]) => ({ data, meta: { total: data.length, offset: 0, limit: 25 } });

beforeEach(() => {
  apiClient.configure(TEST_CONFIG, () => 'en');
  setItem(STORAGE_KEYS.apiKey, 'test-key');
});
afterEach(() => vi.unstubAllGlobals());

describe('gameWindowOf', () => {
  it('is upcoming until the game is over, as the server sorts it', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    const g = (iso: string) => ({ event_utc_ts: iso, duration_minutes: 120 });
    expect(gameWindowOf(g('2026-11-25T12:00:00Z'), now)).toBe('upcoming');
    expect(gameWindowOf(g('2026-11-24T11:00:00Z'), now)).toBe('upcoming'); // on now
    expect(gameWindowOf(g('2026-11-24T10:00:00Z'), now)).toBe('past');
  });
});

describe('GamesScreen after saving', () => {
  it('shows the Finished tab when the saved game is dated in the past, and says so', async () => {
    const future = game(7, new Date(Date.now() + 48 * HOUR), 'Hawks at Owls');
    const moved = { ...future, ...game(7, new Date(Date.now() - 72 * HOUR), 'Hawks at Owls') };
    let saved = false;
    vi.stubGlobal(
      'fetch',
      mockFetch((url, init) => {
        if (url.pathname === '/api/admin/games/options') return json(OPTIONS);
        if (url.pathname === '/api/admin/games/7' && init.method === 'PATCH') {
          saved = true;
          return json(moved);
        }
        if (url.pathname === '/api/admin/games/7/live')
          return json({
            event_id: 7,
            enabled: false,
            ingest_url: null,
            has_key: false,
            key_created_at: null,
            stream_key: null,
            online: false,
            since: null,
            bitrate_kbps: null,
          });
        if (url.pathname === '/api/admin/games') {
          const past = url.searchParams.get('when') === 'past';
          return json(page(saved === past ? [saved ? moved : future] : []));
        }
        return json({}, 404);
      }),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <GamesScreen />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));

    const tabs = within(await screen.findByRole('group', { name: /which games/i }));
    expect(
      (await tabs.findByRole('button', { name: 'Finished' })).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(await screen.findByText(/listed under “Finished”/)).toBeTruthy();
    expect(await screen.findByText('Hawks at Owls')).toBeTruthy();
  });
});
