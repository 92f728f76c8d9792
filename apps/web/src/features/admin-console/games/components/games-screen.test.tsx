import type { AdminGame, AdminGameOptions } from '@rudy/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
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
    video_state: 'none',
    series_id: null,
    series_detached: false,
  };
}

const LIVE_OFF = {
  enabled: false,
  ingest_url: null,
  has_key: false,
  key_created_at: null,
  stream_key: null,
  online: false,
  since: null,
  bitrate_kbps: null,
};

function Where() {
  return <output data-testid="where">{useLocation().pathname + useLocation().search}</output>;
}

/** The screen under its route, as the console mounts it, starting at `path`. */
function renderAt(path: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin/games/:gameId?" element={<GamesScreen />} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
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
    renderAt('/admin/games');
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

describe('GamesScreen: each game’s video', () => {
  it('shows the state with the link that fixes it', async () => {
    const soon = new Date(Date.now() + 48 * HOUR);
    const games: AdminGame[] = [
      { ...game(1, soon, 'No video yet'), video_state: 'none' },
      { ...game(2, soon, 'On air'), video_state: 'live' },
      { ...game(3, soon, 'Transcoding'), video_state: 'processing' },
      { ...game(4, soon, 'Done'), video_state: 'ready' },
      { ...game(5, soon, 'Broken'), video_state: 'failed' },
    ];
    vi.stubGlobal(
      'fetch',
      mockFetch((url) => {
        if (url.pathname === '/api/admin/games/options') return json(OPTIONS);
        if (url.pathname === '/api/admin/games') return json(page(games));
        return json({}, 404);
      }),
    );
    renderAt('/admin/games');
    const link = async (name: string) =>
      (await screen.findByRole('link', { name })).getAttribute('href');
    expect(await link('Upload a video for “No video yet”')).toBe('/admin/media?game=1');
    expect(await link('Stream settings of “On air”')).toBe('/admin/games/2');
    expect(await link('Progress of “Transcoding”’s video')).toBe('/admin/media?game=3');
    expect(await link('Watch “Done”')).toBe('/watch/4');
    expect(await link('Upload the video of “Broken” again')).toBe('/admin/media?game=5');
    expect(screen.getByText('Video failed')).toBeTruthy();
  });
});

describe('GamesScreen: the edit screen is in the address', () => {
  it('opens the game the address names on a reload, even one not on the first page', async () => {
    const far = game(9, new Date(Date.now() + 400 * 24 * HOUR), 'Far away game');
    vi.stubGlobal(
      'fetch',
      mockFetch((url) => {
        if (url.pathname === '/api/admin/games/options') return json(OPTIONS);
        if (url.pathname === '/api/admin/games/9/live') return json({ event_id: 9, ...LIVE_OFF });
        if (url.pathname === '/api/admin/games/9') return json(far);
        if (url.pathname === '/api/admin/games') return json(page([]));
        return json({}, 404);
      }),
    );
    renderAt('/admin/games/9');
    expect(
      await screen.findByRole<HTMLInputElement>('textbox', { name: /Name \(English\)/ }),
    ).toHaveProperty('value', 'Far away game');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/admin/games');
  });

  it('puts the edited game in the address, and fills the name from the teams', async () => {
    vi.stubGlobal(
      'fetch',
      mockFetch((url) => {
        if (url.pathname === '/api/admin/games/options') return json(OPTIONS);
        if (url.pathname === '/api/admin/games') return json(page([]));
        return json({}, 404);
      }),
    );
    renderAt('/admin/games');
    await userEvent.click(await screen.findByRole('button', { name: 'New game' }));
    expect(screen.getByTestId('where').textContent).toBe('/admin/games/new');
    await userEvent.selectOptions(screen.getByLabelText('Away team'), 'Owls');
    await userEvent.selectOptions(screen.getByLabelText('Home team'), 'Hawks');
    const name = screen.getByRole<HTMLInputElement>('textbox', { name: /Name \(English\)/ });
    expect(name.value).toBe('OWL @ HAW');
    // What the operator types is kept: changing a team no longer rewrites it.
    await userEvent.type(name, ' — Walk Special');
    await userEvent.selectOptions(screen.getByLabelText('Home team'), 'Owls');
    await userEvent.selectOptions(screen.getByLabelText('Away team'), 'Hawks');
    expect(name.value).toBe('OWL @ HAW — Walk Special');
    const zone = screen.getByLabelText<HTMLSelectElement>('Time zone');
    expect(zone.tagName).toBe('SELECT');
    expect(zone.value).toBe('UTC');
  });
});

describe('GamesScreen paging', () => {
  it('pages through more than 25 upcoming games with the API’s offset', async () => {
    const all = Array.from({ length: 30 }, (_, i) =>
      game(100 + i, new Date(Date.now() + (i + 1) * 24 * HOUR), `Game ${i + 1}`),
    );
    vi.stubGlobal(
      'fetch',
      mockFetch((url) => {
        if (url.pathname === '/api/admin/games/options') return json(OPTIONS);
        if (url.pathname === '/api/admin/games') {
          const offset = Number(url.searchParams.get('offset') ?? 0);
          const limit = Number(url.searchParams.get('limit') ?? 25);
          return json({
            data: all.slice(offset, offset + limit),
            meta: { total: 30, offset, limit },
          });
        }
        return json({}, 404);
      }),
    );
    renderAt('/admin/games');
    expect(await screen.findByText('Game 25')).toBeTruthy();
    expect(screen.queryByText('Game 26')).toBeNull();
    const pager = () => screen.getByRole('navigation', { name: 'Pages of the schedule' });
    expect(pager().textContent).toContain('1–25 of 30');
    await userEvent.click(within(pager()).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Game 30')).toBeTruthy();
    expect(screen.queryByText('Game 1')).toBeNull();
    expect(pager().textContent).toContain('26–30 of 30');
    expect(within(pager()).getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(
      true,
    );
    await userEvent.click(within(pager()).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Game 1')).toBeTruthy();
  });
});
