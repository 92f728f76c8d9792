import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { vodItemsQueryOptions } from '../../../features/vod/api/get-vod-items';
import { queryClient } from '../../../lib/query-client';
import { callsTo } from '../../../test/auth-fixtures';
import { json, type Handler } from '../../../test/fetch-mock';
import { makeEvent, makePage, makeVodItem } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

const reels = [
  makeVodItem({
    id: 41,
    title: 'Highlights: Wolves vs Rapids',
    category_id: null,
    category_name: null,
    duration_seconds: 58,
  }),
  makeVodItem({ id: 40, title: 'Highlights: Falcons vs Wolves', category_id: null }),
];

/** The home page's calls, with the highlights listing answered by `highlights`. */
const home =
  (highlights: () => Response): Handler =>
  (url) => {
    if (url.pathname === '/api/vod-media-items') return highlights();
    return json({ live: [], upcoming: [makeEvent({ id: 2 })], recent: [makeEvent({ id: 3 })] });
  };

/** Resolves once the home page's highlights listing has been answered (either way). */
const settled = () =>
  waitFor(() => {
    const state = queryClient.getQueryState(vodItemsQueryOptions({ highlights: 1 }).queryKey);
    expect(state?.status === 'success' || state?.status === 'error').toBe(true);
  });

describe('home: Highlights', () => {
  it("shows the channel's published reels after the replays, each opening its library video", async () => {
    const { fetch } = renderApp('/', { handler: home(() => json(makePage(reels))) });
    const rail = await screen.findByRole('region', { name: 'Highlights' });
    const links = within(rail).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Highlights: Wolves vs Rapids', '/watch_library/41?type=vod'],
      ['Highlights: Falcons vs Wolves', '/watch_library/40?type=vod'],
    ]);
    within(rail).getByText('0:58');
    // The library's texts came with the rail's code.
    within(rail).getByRole('button', { name: 'Next videos: Highlights' });
    // Asked for reels only, with the library's page size.
    const asked = callsTo(fetch, '/api/vod-media-items').map((c) => c.url.searchParams);
    expect(asked.map((q) => [q.get('highlights'), q.get('offset'), q.get('limit')])).toEqual([
      ['1', '0', '12'],
    ]);
    // Below the full replays, which it is made from.
    const shelves = screen.getAllByRole('region', { name: /^(Recent replays|Highlights)$/ });
    expect(shelves.map((s) => s.getAttribute('aria-labelledby'))).toEqual([
      'recent-title',
      'highlights-title',
    ]);
  });

  it('is left out when the channel has no published reel', async () => {
    renderApp('/', { handler: home(() => json(makePage([]))) });
    await screen.findByRole('region', { name: 'Recent replays' });
    await settled();
    expect(screen.queryByRole('region', { name: 'Highlights' })).toBeNull();
  });

  it('is left out when the listing fails, and the rest of the page stays', async () => {
    renderApp('/', {
      handler: home(() => json({ message: 'Internal error', code: 'internal' }, 500)),
    });
    await settled();
    expect(screen.queryByRole('region', { name: 'Highlights' })).toBeNull();
    within(await screen.findByRole('region', { name: 'Upcoming' })).getAllByRole('link');
  });
});
