import type { BootstrapData, Profile } from '@rudy/contracts';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { buildRoutes } from '../app/router';
import { PROFILE_QUERY_KEY } from '../features/auth/api/get-profile';
import { bootstrapQueryOptions } from '../features/channel/api/get-bootstrap';
import { apiClient } from '../lib/api-client';
import { queryClient } from '../lib/query-client';
import { STORAGE_KEYS, setItem } from '../lib/storage';
import { TEST_CONFIG, json, mockFetch, type Handler } from './fetch-mock';
import { makeBootstrap } from './fixtures';

/**
 * The app as start-up leaves it (key stored, channel data and sign-in state cached), on a memory
 * router at `path`, with the network answered by `handler`.
 */
export function renderApp(
  path: string,
  {
    handler,
    bootstrap = makeBootstrap(),
    user = null,
    beforeRender,
  }: {
    handler: Handler;
    bootstrap?: BootstrapData;
    user?: Profile | null;
    /** Runs after the stored state is set, e.g. to clear the cookie consent. */
    beforeRender?: () => void;
  },
) {
  const fetch = mockFetch((url, init) => {
    if (url.pathname === '/api/channel-bootstrap-data') return json(bootstrap);
    // Only the sign-in state read; profile updates (POST) go to the test's handler.
    if (url.pathname === '/api/profile' && (init.method ?? 'GET') === 'GET') {
      return user
        ? json(user)
        : json({ message: 'user must be logged in', code: 'unauthenticated' }, 401);
    }
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fetch);
  apiClient.configure(TEST_CONFIG, () => 'en');
  setItem(STORAGE_KEYS.apiKey, 'test-key');
  setItem(STORAGE_KEYS.cookieConsent, true);
  queryClient.setQueryData(bootstrapQueryOptions().queryKey, bootstrap);
  queryClient.setQueryData(PROFILE_QUERY_KEY, user);
  beforeRender?.();
  const router = createMemoryRouter(buildRoutes(bootstrap.pages, bootstrap.menu), {
    initialEntries: [path],
  });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, fetch };
}
