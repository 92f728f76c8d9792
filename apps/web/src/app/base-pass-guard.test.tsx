import { BASE_PASS_FORM_ALIAS, type CustomForm, type Package } from '@rudy/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROFILE_QUERY_KEY } from '../features/auth/api/get-profile';
import { customFormQueryOptions } from '../features/commerce/api/custom-forms';
import { bootstrapQueryOptions } from '../features/channel/api/get-bootstrap';
import { apiClient } from '../lib/api-client';
import { queryClient } from '../lib/query-client';
import { STORAGE_KEYS, setItem } from '../lib/storage';
import { callsTo, makeProfile, withBackground } from '../test/auth-fixtures';
import { TEST_CONFIG, json, mockFetch } from '../test/fetch-mock';
import { makeBootstrap, makePage } from '../test/fixtures';
import { renderApp } from '../test/render-app';
import { enforceBasePassChoice } from './route-guards';

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

const ann = makeProfile();

/**
 * Lets the guard decide before a test checks that it left the user alone: the passes form read
 * (if one started) has settled, the guard's promise chain after it has run (microtasks only: one
 * macrotask flushes them), and a navigation it started has finished. A fixed wait proved nothing
 * when the decision came later than it.
 */
async function guardDecided(navigate: { mock: { results: { value: unknown }[] } }) {
  const form = customFormQueryOptions(BASE_PASS_FORM_ALIAS, ann.id).queryKey;
  await waitFor(() => expect(queryClient.isFetching({ queryKey: form })).toBe(0));
  await new Promise((r) => setTimeout(r, 0));
  await Promise.all(navigate.mock.results.map((r) => r.value));
}
const withForms = (on: boolean) => {
  const base = makeBootstrap();
  return makeBootstrap({ settings: { ...base.settings, custom_forms: on } });
};

const season: Package = {
  id: 11,
  name: 'Season pass',
  description: null,
  price: 120,
  base_price: 110,
  service_fee: 10,
  currency: 'CAD',
  image: null,
  scope: 'category',
  is_team_pass: false,
  pass_type: 'regular',
  event_categories: [1],
  participants: [],
  accesses: ['watch'],
  is_basic: false,
  disabled: false,
  purchased: false,
};

/** The channel's 'passes' form as GET/POST /custom-forms/passes answer it, entries kept here. */
function formServer(entries: CustomForm['entries'] = []) {
  let saved = entries;
  const form = (): CustomForm => ({ id: 3, alias: 'passes', definition: {}, entries: saved });
  return withBackground((url, init) => {
    if (url.pathname === '/api/custom-forms/passes') {
      if (init.method === 'POST') {
        saved = (JSON.parse(init.body as string) as { entries: CustomForm['entries'] }).entries;
      }
      return json(form());
    }
    if (url.pathname === '/api/packages') return json([season]);
    if (url.pathname === '/api/participants') return json(makePage([]));
    return json([]);
  });
}

describe('base-pass rule (spec section 2)', () => {
  it('sends a signed-in user who has not chosen to /select-package/:id, then lets them browse', async () => {
    const { router, fetch } = renderApp('/live', {
      handler: formServer(),
      user: ann,
      bootstrap: withForms(true),
    });
    enforceBasePassChoice(router);
    await waitFor(() => expect(router.state.location.pathname).toBe('/select-package/3'));

    await userEvent.click(await screen.findByRole('radio', { name: /Season pass/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save my choice' }));
    await waitFor(() => expect(router.state.location.pathname).not.toMatch(/^\/select-package/));
    const post = callsTo(fetch, '/api/custom-forms/passes').find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({ entries: [{ name: 'base_pass', value: '11' }] });

    const navigate = vi.spyOn(router, 'navigate');
    await router.navigate('/vod');
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    await guardDecided(navigate);
    expect(router.state.location.pathname).toBe('/vod');
  });

  it('waits for the router to settle its first screen before sending the user away', async () => {
    // A router still loading /live's code when the form answers (a fresh page load in a browser):
    // a navigation started then is overtaken by that first screen (seen in the base-pass spec).
    vi.stubGlobal('fetch', mockFetch(formServer()));
    apiClient.configure(TEST_CONFIG, () => 'en');
    setItem(STORAGE_KEYS.apiKey, 'test-key');
    queryClient.setQueryData(bootstrapQueryOptions().queryKey, withForms(true));
    queryClient.setQueryData(PROFILE_QUERY_KEY, ann);
    let state = {
      initialized: false,
      navigation: { state: 'idle' },
      location: { pathname: '/live' },
    } as Parameters<typeof enforceBasePassChoice>[0]['state'];
    const listeners: ((s: typeof state) => void)[] = [];
    const navigate = vi.fn(() => Promise.resolve());
    enforceBasePassChoice({
      get state() {
        return state;
      },
      subscribe: (listener) => {
        listeners.push(listener as (s: typeof state) => void);
        return () => undefined;
      },
      navigate,
    });
    await guardDecided(navigate);
    expect(navigate).not.toHaveBeenCalled();

    state = { ...state, initialized: true };
    for (const listener of listeners) listener(state);
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith('/select-package/3', { replace: true }),
    );
  });

  it.each(['/faq', '/profile/edit', '/select-package/3'])(
    'leaves a user who has not chosen on the allowed route %s',
    async (path) => {
      const { router, fetch } = renderApp(path, {
        handler: formServer(),
        user: ann,
        bootstrap: withForms(true),
      });
      enforceBasePassChoice(router);
      await screen.findByRole('heading', { level: 1 });
      expect(router.state.location.pathname).toBe(path);
      if (path !== '/select-package/3')
        expect(callsTo(fetch, '/api/custom-forms/passes')).toEqual([]);
    },
  );

  it('leaves a user who has chosen where they are', async () => {
    const { router, fetch } = renderApp('/live', {
      handler: formServer([{ name: 'base_pass', value: '11' }]),
      user: ann,
      bootstrap: withForms(true),
    });
    const navigate = vi.spyOn(router, 'navigate');
    enforceBasePassChoice(router);
    await waitFor(() => expect(callsTo(fetch, '/api/custom-forms/passes')).toHaveLength(1));
    await guardDecided(navigate);
    expect(router.state.location.pathname).toBe('/live');
  });

  const notFound = withBackground((url) =>
    url.pathname === '/api/custom-forms/passes'
      ? json({ message: 'Form not found', code: 'not_found' }, 404)
      : json([]),
  );
  it.each([
    { name: 'a visitor', user: null, forms: true, handler: formServer(), reads: 0 },
    {
      name: 'a channel without custom forms',
      user: ann,
      forms: false,
      handler: formServer(),
      reads: 0,
    },
    {
      name: 'a channel without the form (404)',
      user: ann,
      forms: true,
      handler: notFound,
      reads: 1,
    },
  ])('leaves $name alone', async ({ user, forms, handler, reads }) => {
    const { router, fetch } = renderApp('/live', { handler, user, bootstrap: withForms(forms) });
    const navigate = vi.spyOn(router, 'navigate');
    enforceBasePassChoice(router);
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(callsTo(fetch, '/api/custom-forms/passes')).toHaveLength(reads));
    await guardDecided(navigate);
    expect(router.state.location.pathname).toBe('/live');
  });
});
