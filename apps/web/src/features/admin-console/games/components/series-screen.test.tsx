import type { AdminGameOptions, AdminSeriesResult } from '@rudy/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../../locales/admin';
import { callsTo } from '../../../../test/auth-fixtures';
import { json } from '../../../../test/fetch-mock';
import { renderWithApi } from '../../../../test/render-with-api';
import { SeriesScreen } from './series-screen';

const OPTIONS: AdminGameOptions = {
  teams: [
    { id: 1, name: 'Lakeshore Wolves', short_name: 'Wolves' },
    { id: 2, name: 'Rideau Lynx', short_name: 'Lynx' },
  ],
  categories: [],
  locations: [],
  prerolls: [],
  time_zone: 'America/Toronto',
  currency: 'CAD',
};

const MADE: AdminSeriesResult = {
  series: {
    id: 3,
    name_en: 'Lynx @ Wolves',
    name_fr: '',
    weekdays: [5],
    start_time: '19:00',
    first_date: '2027-01-01',
    last_date: '2027-01-22',
    time_zone: 'America/Toronto',
    duration_minutes: 150,
    home_team_id: 1,
    away_team_id: 2,
    event_category_id: null,
    location_id: null,
    access_type: 'free',
    price_cents: null,
    games: 4,
    detached: 0,
  },
  created: 4,
  updated: 0,
  deleted: 0,
  kept: 0,
};

function renderAt(path: string) {
  return renderWithApi(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/games/series/:seriesId?" element={<SeriesScreen />} />
      </Routes>
    </MemoryRouter>,
    (url, init) => {
      if (url.pathname === '/api/admin/games/options') return json(OPTIONS);
      if (url.pathname === '/api/admin/series' && init.method === 'POST') return json(MADE);
      if (url.pathname === '/api/admin/series') return json({ data: [] });
      return json({}, 404);
    },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('SeriesScreen: a new series', () => {
  it('every Friday at 19:00 in January: says how many games, then makes them', async () => {
    const fetch = renderAt('/admin/games/series/new');
    await userEvent.selectOptions(await screen.findByLabelText('Away team'), 'Rideau Lynx');
    await userEvent.selectOptions(screen.getByLabelText('Home team'), 'Lakeshore Wolves');
    expect(screen.getByLabelText<HTMLInputElement>('Name (English)').value).toBe('Lynx @ Wolves');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Friday' }).checked).toBe(true);
    await userEvent.type(screen.getByLabelText('First day'), '2027-01-01');
    await userEvent.type(screen.getByLabelText('Last day'), '2027-01-22');
    expect(screen.getByTestId('series-count').textContent).toBe('This makes 4 games.');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        callsTo(fetch, '/api/admin/series').find((c) => c.method === 'POST')?.body,
      ).toMatchObject({
        weekdays: [5],
        start_time: '19:00',
        first_date: '2027-01-01',
        last_date: '2027-01-22',
        time_zone: 'America/Toronto',
        home_team_id: 1,
        away_team_id: 2,
      }),
    );
    expect(await screen.findByText(/“Lynx @ Wolves” is saved\. 4 games made\./)).toBeTruthy();
  });

  it('says the last day is before the first, under the field, before anything is sent', async () => {
    const fetch = renderAt('/admin/games/series/new');
    await userEvent.selectOptions(await screen.findByLabelText('Away team'), 'Rideau Lynx');
    await userEvent.selectOptions(screen.getByLabelText('Home team'), 'Lakeshore Wolves');
    await userEvent.type(screen.getByLabelText('First day'), '2027-03-01');
    await userEvent.type(screen.getByLabelText('Last day'), '2027-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The last day is before the first')).toBeTruthy();
    expect(callsTo(fetch, '/api/admin/series').some((c) => c.method === 'POST')).toBe(false);
  });
});
