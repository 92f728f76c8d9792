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

const favoriteGame = makeEvent({ id: 31, name: 'Favourite game' });

function handler(url: URL) {
  if (url.pathname === '/api/events/favorite') return json(makePage([favoriteGame]));
  if (url.pathname === '/api/favorites') return json([]);
  return json({ live: [], upcoming: [makeEvent({ id: 2 })], recent: [] });
}

describe('home', () => {
  it("shows a signed-in user's favourites rail with the next games of their favourites", async () => {
    const { fetch } = renderApp('/', { handler, user: makeProfile({ id: 7 }) });
    const rail = await screen.findByRole('region', { name: 'Your favourites' });
    // The game's own name, as the operator gave it (issue 34).
    expect(await within(rail).findByRole('link', { name: 'Favourite game' })).toBeTruthy();
    expect(within(rail).getByRole('link', { name: 'See all' }).getAttribute('href')).toBe(
      '/favorites',
    );
    const call = fetch.mock.calls
      .map(([input]) => new URL(urlOf(input), 'http://localhost'))
      .find((u) => u.pathname === '/api/events/favorite');
    expect(call?.searchParams.get('type')).toBe('upcoming');
    expect(call?.searchParams.get('limit')).toBe('12');
  });

  it('has no favourites rail for anonymous visitors, and never asks for favourites', async () => {
    const { fetch } = renderApp('/', { handler });
    await screen.findByRole('region', { name: 'Upcoming' });
    expect(screen.queryByRole('region', { name: 'Your favourites' })).toBeNull();
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
