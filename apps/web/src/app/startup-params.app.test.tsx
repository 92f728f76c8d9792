import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../lib/query-client';
import { makeProfile, withBackground } from '../test/auth-fixtures';
import { json, urlOf } from '../test/fetch-mock';
import { renderApp } from '../test/render-app';

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

const handler = withBackground(() => json([]));

describe('start-up parameters in the app', () => {
  it('?modal=login opens the login screen, which comes back to the page', async () => {
    const { router } = renderApp('/live?modal=login', { handler });
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?return_to=%2Flive');
  });

  it('?team= on the home page opens the schedule filtered on that team', async () => {
    const { router } = renderApp('/?team=7', { handler });
    await waitFor(() => expect(router.state.location.pathname).toBe('/schedule'));
    expect(router.state.location.search).toBe('?team=7');
  });

  it('?type= on the favourites page picks the games it lists (spec 3 `type`)', async () => {
    const { fetch } = renderApp('/favorites?type=finished', {
      handler,
      user: makeProfile({ id: 7 }),
    });
    await waitFor(() => {
      const call = fetch.mock.calls
        .map(([input]) => new URL(urlOf(input), 'http://localhost'))
        .find((u) => u.pathname === '/api/events/favorite');
      expect(call?.searchParams.get('type')).toBe('finished');
      expect(call?.searchParams.get('sort_direction')).toBe('desc');
    });
  });
});
