import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { makeProfile } from '../../../test/auth-fixtures';
import { json, urlOf } from '../../../test/fetch-mock';
import { makeBootstrap, makeEvent, makePage } from '../../../test/fixtures';
import { STORAGE_KEYS, removeItem } from '../../../lib/storage';
import { renderApp } from '../../../test/render-app';

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

const liveFollowed = makeEvent({ id: 30, name: 'Followed, live', type: 'live' });
const nextFollowed = makeEvent({ id: 31, name: 'Followed, next' });

function handler(url: URL) {
  if (url.pathname === '/api/events/favorite') {
    const type = url.searchParams.get('type');
    return json(makePage(type === 'live' ? [liveFollowed] : [nextFollowed]));
  }
  if (url.pathname === '/api/favorites') return json([]);
  return json({ live: [], upcoming: [makeEvent({ id: 2 })], recent: [] });
}

describe('home', () => {
  it("puts a signed-in viewer's Following shelf first: their live games, then their next", async () => {
    const { fetch } = renderApp('/', { handler, user: makeProfile({ id: 7 }) });
    const shelf = await screen.findByRole('region', { name: 'Following' });
    // The games' own names, as the operator gave them (issue 34).
    await within(shelf).findByRole('link', { name: 'Followed, live' });
    within(shelf).getByRole('link', { name: 'Followed, next' });
    const cards = within(shelf)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'))
      .filter((href) => href?.startsWith('/watch/'));
    expect(cards).toEqual(['/watch/30', '/watch/31']);
    expect(within(shelf).getByRole('link', { name: 'See all' }).getAttribute('href')).toBe(
      '/favorites',
    );
    // Before every other shelf of the page.
    const shelves = screen.getAllByRole('region', { name: /^(Following|Live|Upcoming|Recent)/ });
    expect(shelves[0]).toBe(shelf);
    expect(shelves.length).toBeGreaterThan(1);
    const calls = fetch.mock.calls
      .map(([input]) => new URL(urlOf(input), 'http://localhost'))
      .filter((u) => u.pathname === '/api/events/favorite');
    expect(calls.map((u) => u.searchParams.get('type')).sort()).toEqual(['live', 'upcoming']);
    expect(calls.every((u) => u.searchParams.get('limit') === '12')).toBe(true);
  });

  it('has no Following shelf for anonymous visitors, and never asks for favourites', async () => {
    const { fetch } = renderApp('/', { handler });
    await screen.findByRole('region', { name: 'Upcoming' });
    expect(screen.queryByRole('region', { name: 'Following' })).toBeNull();
    expect(fetch.mock.calls.some(([input]) => urlOf(input).includes('favorite'))).toBe(false);
    // Every team still has its star; pressing one asks to log in.
    expect(screen.getAllByRole('button', { name: /^Favourite: / }).length).toBeGreaterThan(0);
  });

  it("places the channel's static blocks, sanitised: home_intro, footer_about, cookie_notice", async () => {
    const base = makeBootstrap();
    const bootstrap = makeBootstrap({
      settings: { ...base.settings, static_blocks: true },
      static_blocks: [
        {
          id: 1,
          alias: 'home_intro',
          title: 'Junior hockey, every shift',
          content:
            'Nine teams. <a href="/schedule">See the schedule</a><script>window.x=1</script>',
        },
        { id: 2, alias: 'footer_about', title: 'About the league', content: 'Student broadcasts.' },
        { id: 3, alias: 'cookie_notice', title: 'Cookies', content: 'We use <em>cookies</em>.' },
      ],
    });
    renderApp('/', {
      handler,
      bootstrap,
      beforeRender: () => removeItem(STORAGE_KEYS.cookieConsent),
    });
    const intro = await screen.findByRole('region', { name: 'Junior hockey, every shift' });
    // The sanitiser is a chunk of its own: the blocks' HTML appears once it has loaded.
    const link = await within(intro).findByRole('link', { name: 'See the schedule' });
    expect(link.getAttribute('href')).toBe('/schedule');
    expect(intro.querySelector('script')).toBeNull();
    const footer = screen.getByRole('contentinfo');
    expect(await within(footer).findByText('Student broadcasts.')).toBeTruthy();
    const notice = screen.getByRole('region', { name: 'Cookie notice' });
    await waitFor(() => expect(notice.textContent).toContain('We use cookies.'));
  });

  it('shows no static block when the channel turns them off', async () => {
    const bootstrap = makeBootstrap({
      static_blocks: [{ id: 1, alias: 'home_intro', title: 'Hidden intro', content: 'Text' }],
    });
    renderApp('/', { handler, bootstrap });
    await screen.findByRole('region', { name: 'Upcoming' });
    expect(screen.queryByRole('region', { name: 'Hidden intro' })).toBeNull();
  });
});
