import { EVENTS_PAGE_SIZE, type Event, type Participant } from '@rudy/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { keepStartupListing } from '../../../lib/startup-data';
import { makeProfile } from '../../../test/auth-fixtures';
import { json } from '../../../test/fetch-mock';
import { makeBootstrap, makeEvent, makePage } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

function team(id: number, name: string, group: number): Participant {
  return {
    id,
    name,
    short_name: name.split(' ').at(-1) ?? name,
    alias: name.toLowerCase().replace(/\W+/g, '-'),
    images: { logo: null },
    color: '#1F5FBF',
    participant_group_id: group,
    properties: { gender: 'men', sport: 'Hockey', division: 'U18', league: 'NJHL' },
    children: [],
  };
}

const teams = [team(1, 'Lakeshore Wolves', 1), team(2, "St. Brendan's Knights", 2)];
const bootstrap = makeBootstrap({
  'participant-groups': [
    { id: 1, name: 'Lakeshore Collegiate', alias: 'lakeshore', image: null },
    { id: 2, name: "St. Brendan's Academy", alias: 'st-brendans', image: null },
  ],
  'participant-group-properties': [
    { id: 1, name: 'league', label: 'League', values: ['NJHL', 'NJWHL'] },
  ],
});

/** Answers /events with `events` (paged like the API) and records every events query. */
function catalogue(events: Event[], total = events.length) {
  const queries: URLSearchParams[] = [];
  const handler = (url: URL) => {
    if (url.pathname === '/api/participants') return json(makePage(teams));
    if (url.pathname === '/api/events') {
      queries.push(url.searchParams);
      const offset = Number(url.searchParams.get('offset'));
      const limit = Number(url.searchParams.get('limit'));
      return json(makePage(events.slice(offset, offset + limit), { total, offset, limit }));
    }
    return json({ live: [], upcoming: [], recent: [] });
  };
  return { handler, queries, last: () => queries.at(-1) };
}

const games = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    makeEvent({ id: i + 1, event_utc_ts: new Date(Date.UTC(2026, 10, 1 + i, 23)).toISOString() }),
  );

describe('listing filters and the URL', () => {
  it('reads a shared link, asks the API for the same games and shows the team page', async () => {
    const api = catalogue(games(2));
    renderApp('/schedule?participant_id=1&league=NJHL&search=wolves', {
      handler: api.handler,
      bootstrap,
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Lakeshore Wolves' })).toBeTruthy();
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    const query = api.last();
    expect(query?.get('team')).toBe('1');
    expect(query?.get('league')).toBe('NJHL');
    expect(query?.get('search')).toBe('wolves');
    expect(query?.get('offset')).toBe('0');
    expect(
      screen.getByRole('button', { name: 'Remove filter Team: Lakeshore Wolves' }),
    ).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('searchbox').value).toBe('wolves');
  });

  it('puts a team picked in the filters into the URL, and takes a removed one out', async () => {
    const api = catalogue(games(1));
    const { router } = renderApp('/schedule', { handler: api.handler, bootstrap });
    await screen.findByRole('article');
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const select = await screen.findByRole('combobox', { name: 'Team' });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    await userEvent.selectOptions(select, "St. Brendan's Knights");
    await waitFor(() => expect(router.state.location.search).toBe('?team=2'));
    await waitFor(() => expect(api.last()?.get('team')).toBe('2'));
    await userEvent.click(
      await screen.findByRole('button', { name: "Remove filter Team: St. Brendan's Knights" }),
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('searches as the visitor types', async () => {
    const api = catalogue(games(1));
    const { router } = renderApp('/upcoming', { handler: api.handler, bootstrap });
    await screen.findByRole('article');
    await userEvent.type(screen.getByRole('searchbox'), 'st bren');
    await waitFor(() => expect(router.state.location.search).toBe('?search=st+bren'));
    await waitFor(() => expect(api.last()?.get('search')).toBe('st bren'));
    expect(api.last()?.get('type')).toBe('upcoming');
  });

  it('reads the next page when asked and says how many games there are', async () => {
    const api = catalogue(games(30));
    renderApp('/vod', { handler: api.handler, bootstrap });
    expect(await screen.findByText('Showing 24 of 30 games')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show more games' }));
    expect(await screen.findByText('Showing 30 of 30 games')).toBeTruthy();
    expect(api.last()?.get('offset')).toBe('24');
    expect(api.last()?.get('sort_direction')).toBe('desc');
    expect(screen.queryByRole('button', { name: 'Show more games' })).toBeNull();
  });

  it('says when no game matches the filters, and clears them', async () => {
    const api = catalogue([]);
    const { router } = renderApp('/live?team=1&view=list', { handler: api.handler, bootstrap });
    expect(await screen.findByText('No game matches these filters.')).toBeTruthy();
    const clear = screen.getAllByRole('button', { name: 'Clear filters' });
    await userEvent.click(clear.at(-1)!);
    await waitFor(() => expect(router.state.location.search).toBe('?view=list'));
  });

  it('keeps the chosen view in the URL', async () => {
    const api = catalogue(games(1));
    const { router } = renderApp('/schedule?team=1', { handler: api.handler, bootstrap });
    await screen.findByRole('article');
    await userEvent.click(screen.getByRole('button', { name: 'Grid' }));
    await waitFor(() => expect(router.state.location.search).toBe('?team=1&view=grid'));
    expect(localStorage.getItem('rudy_events_view')).toContain('grid');
    await userEvent.click(screen.getByRole('button', { name: 'Calendar' }));
    await waitFor(() => expect(router.state.location.search).toBe('?team=1&view=calendar'));
  });
});

describe("a rink's page (?rink=)", () => {
  it('shows the rink with a star that makes it a favourite (event_location)', async () => {
    const api = catalogue(games(1));
    const posted: unknown[] = [];
    renderApp('/schedule?rink=4', {
      bootstrap,
      user: makeProfile({ id: 42 }),
      handler: (url, init) => {
        if (url.pathname === '/api/favorites') return json([]);
        if (url.pathname === '/api/favorite' && init.method === 'POST') {
          posted.push(JSON.parse(init.body as string));
          return json({
            id: 9,
            favoritable_id: 4,
            favoritable_type: 'event_location',
            name: "St. Brendan's Ice Centre",
            short_name: null,
            logo: null,
            created_at: '2026-11-20T12:00:00Z',
          });
        }
        return api.handler(url);
      },
    });
    const banner = (
      await screen.findByRole('heading', { level: 2, name: "St. Brendan's Ice Centre" })
    ).closest('section');
    expect(banner?.textContent).toContain('Rink');
    expect(banner?.textContent).toContain('Cornwall');
    expect(api.last()?.get('rink')).toBe('4');
    const star = within(banner!).getByRole('button', { name: 'Add to favourites' });
    await waitFor(() => expect(star.getAttribute('aria-busy')).toBeNull());
    await userEvent.click(star);
    await waitFor(() =>
      expect(posted).toEqual([
        expect.objectContaining({ favoritable_type: 'event_location', favoritable_id: 4 }),
      ]),
    );
    expect(within(banner!).getByRole('button', { name: 'In your favourites' })).toBeTruthy();
  });
});

describe('calendar', () => {
  const early = makeEvent({ id: 1, event_utc_ts: '2026-11-03T23:00:00Z' });
  const late = makeEvent({ id: 2, event_utc_ts: '2026-11-04T02:00:00Z' }); // 21:00 on the 3rd in Toronto
  const weekend = makeEvent({ id: 3, name: 'Weekend game', event_utc_ts: '2026-11-21T18:00:00Z' });

  it('marks the days that have games and lists the games of a picked day', async () => {
    const api = catalogue([early, late, weekend]);
    const { router } = renderApp('/schedule?view=calendar&date=2026-11-10&team=1', {
      handler: api.handler,
      bootstrap,
    });
    const third = await screen.findByRole('button', { name: 'Tuesday, November 3, 2026: 2 games' });
    expect(third.getAttribute('data-has-games')).toBe('true');
    const tenth = screen.getByRole('button', { name: 'Tuesday, November 10, 2026: no games' });
    expect(tenth.getAttribute('aria-pressed')).toBe('true');
    expect(tenth.getAttribute('data-has-games')).toBeNull();
    expect(screen.getByText('No games on this day.')).toBeTruthy();
    expect(api.last()?.get('start_date')).toBe('2026-11-01T00:00:00+14:00');
    expect(api.last()?.get('end_date')).toBe('2026-12-05T23:59:59-12:00');
    expect(api.last()?.get('team')).toBe('1');
    expect(api.last()?.get('limit')).toBe('100');

    await userEvent.click(
      screen.getByRole('button', { name: 'Saturday, November 21, 2026: 1 game' }),
    );
    await waitFor(() => expect(router.state.location.search).toContain('date=2026-11-21'));
    // The name the operator gave the game, not one rebuilt from its teams (issue 34).
    expect(await screen.findByRole('heading', { level: 4, name: 'Weekend game' })).toBeTruthy();
  });

  it('shows a week, and moves a week at a time', async () => {
    const api = catalogue([early, late, weekend]);
    const { router } = renderApp('/schedule?view=calendar&period=week&date=2026-11-03', {
      handler: api.handler,
      bootstrap,
    });
    expect(
      await screen.findByRole('button', { name: 'Tuesday, November 3, 2026: 2 games' }),
    ).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /, 2026: / })).toHaveLength(7);
    await userEvent.click(screen.getByRole('button', { name: 'Next week' }));
    await waitFor(() => expect(router.state.location.search).toContain('date=2026-11-10'));
  });
});

describe("a listing's first page sent with the page (start-up data)", () => {
  const sent = (count: number) =>
    makePage(games(count), { total: count, offset: 0, limit: EVENTS_PAGE_SIZE });

  it('shows it without asking the API, on the plain address of that listing', async () => {
    const api = catalogue(games(5));
    keepStartupListing({ kind: 'vod', page: sent(2) }, Date.now());
    renderApp('/vod', { handler: api.handler, bootstrap });
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    expect(api.queries).toHaveLength(0);
  });

  it('is not used by a filtered address or another listing, and only once', async () => {
    const api = catalogue(games(5));
    keepStartupListing({ kind: 'vod', page: sent(2) }, Date.now());
    const { unmount } = renderApp('/vod?search=wolves', { handler: api.handler, bootstrap });
    expect(await screen.findAllByRole('article')).toHaveLength(5);
    expect(api.last()?.get('search')).toBe('wolves');
    unmount();
    queryClient.clear();
    keepStartupListing({ kind: 'vod', page: sent(2) }, Date.now());
    const other = renderApp('/live', { handler: api.handler, bootstrap });
    expect(await screen.findAllByRole('article')).toHaveLength(5);
    other.unmount();
    queryClient.clear();
    renderApp('/vod', { handler: api.handler, bootstrap });
    expect(await screen.findAllByRole('article')).toHaveLength(5);
  });
});
