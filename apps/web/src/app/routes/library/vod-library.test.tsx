import type {
  VodMediaCategory,
  VodMediaItem,
  VodMediaItemDetail,
  VodMediaItemsPage,
  VodMediaRail,
} from '@rudy/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { callsTo, makeProfile, withBackground } from '../../../test/auth-fixtures';
import { FUTURE, json, type Handler } from '../../../test/fetch-mock';
import { makeEvent, makeVodItem } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

const coach = makeVodItem();
const recap = makeVodItem({
  id: 4,
  title: 'Season recap: the U18 regular season',
  category_id: 3,
  category_name: 'Season recaps',
  requires_access: true,
  has_access: false,
});
const rails: VodMediaRail[] = [
  { id: 1, title: 'Featured', position: 1, vod_media_items: [recap, coach] },
  { id: 2, title: 'Interviews and features', position: 2, vod_media_items: [coach] },
  { id: 3, title: 'Nothing yet', position: 3, vod_media_items: [] },
];
const categories: VodMediaCategory[] = [
  { id: 2, name: 'Interviews', alias: 'interviews', position: 1, items_count: 1 },
  { id: 3, name: 'Season recaps', alias: 'recaps', position: 2, items_count: 1 },
  { id: 4, name: 'Skills and drills', alias: 'skills', position: 3, items_count: 0 },
];
const page = (data: VodMediaItem[], limit = 10): VodMediaItemsPage => ({
  data,
  meta: { total: data.length, offset: 0, limit },
});

/** The library's calls, with the test's own answers for some of them. */
function library(own: Partial<Record<string, Handler>> = {}): Handler {
  return withBackground((url, init) => {
    const mine = own[url.pathname];
    if (mine) return mine(url, init);
    if (url.pathname === '/api/vod-media-rails') return json(rails);
    if (url.pathname === '/api/vod-media-categories') return json(categories);
    if (url.pathname === '/api/events/with_clip') {
      return json({
        data: [makeEvent({ type: 'finished' })],
        meta: { total: 1, offset: 0, limit: 12 },
      });
    }
    if (url.pathname === '/api/vod-media-items') return json(page([coach, recap], 12));
    return json([]);
  });
}

describe('/vod_library', () => {
  it('shows the rails with their videos, the categories and the games with clips', async () => {
    renderApp('/vod_library', { handler: library() });
    const featured = await screen.findByRole('region', { name: 'Featured' });
    const cards = within(featured).getAllByRole('article');
    expect(cards).toHaveLength(2);
    const link = within(featured).getByRole('link', { name: recap.title });
    expect(link.getAttribute('href')).toBe('/watch_library/4?type=vod');
    // The viewer has no pass for the recap: the card says a pass opens it.
    expect(within(cards[0] as HTMLElement).getByText('Pass')).toBeTruthy();
    expect(within(cards[1] as HTMLElement).queryByText('Pass')).toBeNull();
    expect(within(cards[1] as HTMLElement).getByText('1:15')).toBeTruthy();
    // An empty rail is left out.
    expect(screen.queryByRole('region', { name: 'Nothing yet' })).toBeNull();
    const games = await screen.findByRole('region', { name: 'Games with clips' });
    expect(within(games).getByRole('link', { name: 'Rapids @ Knights' }).getAttribute('href')).toBe(
      '/watch/19',
    );
    // Categories with videos, as links that keep the choice in the URL.
    const nav = screen.getByRole('navigation', { name: 'Categories' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['All', 'Interviews1', 'Season recaps1']);
  });

  it('searches as the viewer types, after a pause, with the spec defaults', async () => {
    const { fetch, router } = renderApp('/vod_library', {
      handler: library({
        '/api/vod-media/search': (url) =>
          json(url.searchParams.get('search') === 'hocky' ? page([coach]) : page([])),
      }),
    });
    const box = await screen.findByRole('searchbox', { name: 'Search the library' });
    await userEvent.type(box, 'hocky');
    expect(await screen.findByText('1 video for “hocky”', {})).toBeTruthy();
    const calls = callsTo(fetch, '/api/vod-media/search');
    // One call for the whole word: the box waits for a pause in the typing.
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url.searchParams.get('offset')).toBe('0');
    expect(calls[0]?.url.searchParams.has('limit')).toBe(false);
    expect(router.state.location.search).toBe('?search=hocky');
    expect(screen.getByRole('link', { name: coach.title })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Featured' })).toBeNull();

    await userEvent.clear(box);
    await userEvent.type(box, 'zamboni');
    expect(await screen.findByText('No videos match “zamboni”', {})).toBeTruthy();
    expect(screen.getByText('Check the spelling or try other words.')).toBeTruthy();
  });

  it('says when the search cannot be done, and tries again', async () => {
    let fail = true;
    renderApp('/vod_library?search=recap', {
      handler: library({
        '/api/vod-media/search': () =>
          fail ? json({ message: 'boom', code: 'internal_error' }, 500) : json(page([recap])),
      }),
    });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('link', { name: recap.title })).toBeTruthy();
  });

  it('lists a category’s videos when one is chosen', async () => {
    const { fetch } = renderApp('/vod_library?category_id=2', {
      handler: library({ '/api/vod-media-items': () => json(page([coach], 12)) }),
    });
    expect(await screen.findByRole('link', { name: coach.title })).toBeTruthy();
    expect(callsTo(fetch, '/api/vod-media-items')[0]?.url.searchParams.get('category_id')).toBe(
      '2',
    );
    const nav = screen.getByRole('navigation', { name: 'Categories' });
    expect(within(nav).getByRole('link', { current: true }).textContent).toBe('Interviews1');
  });

  it('says the library is being prepared when nothing is published yet', async () => {
    renderApp('/vod_library', {
      handler: library({
        '/api/vod-media-rails': () => json([]),
        '/api/events/with_clip': () => json({ data: [], meta: { total: 0, offset: 0, limit: 12 } }),
      }),
    });
    expect(await screen.findByText('The library is being prepared', {})).toBeTruthy();
  });

  it('opens the video a vod_id link names', async () => {
    const { router } = renderApp('/vod_library?vod_id=3', { handler: library() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/watch_library/3'));
    expect(router.state.location.search).toBe('?type=vod');
  });
});

describe('/watch_library/:id?type=vod', () => {
  const detail = (item: VodMediaItem, extra: Partial<VodMediaItemDetail> = {}) =>
    json({
      ...item,
      access: 'granted',
      message: null,
      stream_state: 'ready',
      stream: {
        kind: 'vod',
        format: 'hls',
        url: `/media/v/${item.id}/tok/vod/master.m3u8`,
        is_external: false,
        duration_seconds: item.duration_seconds,
        dvr: { enabled: false, window_seconds: null, start_utc_ts: null },
        expires_at: FUTURE,
      },
      thumbnails_vtt_url: `/media/v/${item.id}/tok/assets/thumbs.vtt`,
      ...extra,
    } satisfies VodMediaItemDetail);

  const video = () => document.querySelector<HTMLVideoElement>('[data-testid=main-video]');

  it('plays a library video for anyone, with its details and more of its category', async () => {
    const other = makeVodItem({ id: 9, title: 'Captain’s corner: Léa Tremblay' });
    const { fetch } = renderApp('/watch_library/3?type=vod', {
      handler: library({
        '/api/vod-media-items/3': () => detail(coach),
        '/api/vod-media-items': () => json(page([coach, other], 12)),
      }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: coach.title })).toBeTruthy();
    expect(video()?.getAttribute('poster')).toBe('/media/vod/u3/poster.jpg');
    expect(screen.getByRole('region', { name: 'Video player' })).toBeTruthy();
    expect(screen.getByText('Interviews')).toBeTruthy();
    expect(screen.getByText('Length 1:15')).toBeTruthy();
    // The video itself is not suggested again.
    const related = () => screen.getByRole('region', { name: 'More like this' });
    await waitFor(() => expect(within(related()).getAllByRole('article')).toHaveLength(1));
    expect(within(related()).getByRole('link', { name: other.title })).toBeTruthy();
    expect(callsTo(fetch, '/api/vod-media-items')[0]?.url.searchParams.get('category_id')).toBe(
      '2',
    );
  });

  it('tells an anonymous viewer how to open a video that needs a pass', async () => {
    renderApp('/watch_library/4?type=vod', {
      handler: library({
        '/api/vod-media-items/4': () =>
          detail(recap, { access: 'purchase', stream: null, stream_state: 'unavailable' }),
      }),
    });
    const prompt = (await screen.findByText('Included with library passes', {}))
      .parentElement as HTMLElement;
    expect(within(prompt).getByRole('link', { name: 'See passes' }).getAttribute('href')).toBe(
      '/packages',
    );
    expect(within(prompt).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/login?return_to=%2Fwatch_library%2F4%3Ftype%3Dvod',
    );
    expect(video()).toBeNull();
  });

  it('offers only the passes to a signed-in viewer without one', async () => {
    renderApp('/watch_library/4?type=vod', {
      user: makeProfile(),
      handler: library({
        '/api/vod-media-items/4': () =>
          detail(recap, { access: 'purchase', stream: null, stream_state: 'unavailable' }),
      }),
    });
    expect(
      await screen.findByText(
        'Passes and plans that open the video library include this video.',
        {},
      ),
    ).toBeTruthy();
    const prompt = screen.getByText('Included with library passes').parentElement as HTMLElement;
    expect(within(prompt).queryByRole('link', { name: 'Log in' })).toBeNull();
  });

  it('says so for a video that does not exist', async () => {
    renderApp('/watch_library/77?type=vod', {
      handler: library({
        '/api/vod-media-items/77': () =>
          json({ message: 'VOD item not found', code: 'not_found' }, 404),
      }),
    });
    expect(await screen.findByText('This video is not available', {})).toBeTruthy();
    expect(video()).toBeNull();
  });
});
