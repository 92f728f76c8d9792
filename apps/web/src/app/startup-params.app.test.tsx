import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../lib/query-client';
import { SLOW, withBackground } from '../test/auth-fixtures';
import { json } from '../test/fetch-mock';
import { renderApp } from '../test/render-app';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

const handler = withBackground(() => json([]));

describe('start-up parameters in the app', () => {
  it('?modal=login opens the login screen, which comes back to the page', async () => {
    const { router } = renderApp('/live?modal=login', { handler });
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' }, SLOW)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?return_to=%2Flive');
  });

  it('?team= on the home page opens the schedule filtered on that team', async () => {
    const { router } = renderApp('/?team=7', { handler });
    await waitFor(() => expect(router.state.location.pathname).toBe('/schedule'), SLOW);
    expect(router.state.location.search).toBe('?team=7');
  });
});
