import type { MenuItem, PageSummary } from '@rudy/contracts';
import * as reactRouter from 'react-router';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { dynamicPagePaths } from './dynamic-routes';

vi.mock('react-router', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react-router')>();
  return { ...actual, matchRoutes: vi.fn(actual.matchRoutes) };
});

/** The shape of the app's table: a console, an embed, and the site under '/' with a catch-all. */
const table: RouteObject[] = [
  { path: '/admin', children: [{ index: true }, { path: 'games' }] },
  { path: '/watch_embed/:id' },
  {
    path: '/',
    children: [
      { index: true },
      { path: 'live' },
      { path: 'profile', children: [{ index: true }, { path: 'clips' }] },
      { children: [{ path: 'buy' }] },
      { path: 'watch/:id' },
      { path: 'forms/:alias' },
      { path: '*' },
    ],
  },
];

const page = (url: string): PageSummary => ({
  id: 1,
  url,
  name: url,
  kind: 'custom',
  show_in_footer: false,
});
const link = (url: string, is_external = false): MenuItem => ({
  id: 1,
  title: url,
  url,
  location: 'header',
  position: 1,
  is_external,
});

describe('dynamicPagePaths', () => {
  it('adds the urls no route serves, once each', () => {
    expect(
      dynamicPagePaths(
        table,
        [page('/rules'), page('/about/')],
        [link('/rules'), link('/tickets?from=menu'), link('https://shop.example', true)],
      ),
    ).toEqual(['/rules', '/about', '/tickets']);
  });

  it('leaves urls the table serves: plain, nested, index, behind a pathless parent, any case', () => {
    const served = [
      '/live',
      '/LIVE',
      '/profile',
      '/profile/clips',
      '/admin',
      '/admin/games',
      '/buy',
    ];
    expect(
      dynamicPagePaths(
        table,
        [],
        served.map((url) => link(url)),
      ),
    ).toEqual([]);
  });

  it('leaves urls a route with a parameter serves', () => {
    expect(
      dynamicPagePaths(
        table,
        [],
        [link('/watch/12'), link('/forms/sign-up'), link('/watch_embed/3')],
      ),
    ).toEqual([]);
  });

  it('refuses urls that are not plain paths', () => {
    const odd = ['/', '/a/../admin', '/x y', 'javascript:alert(1)', '/%2e%2e/admin'];
    expect(
      dynamicPagePaths(
        table,
        [],
        odd.map((url) => link(url)),
      ),
    ).toEqual([]);
  });

  it('asks the matcher only for urls that are not plain routes (it ranks the whole table each time)', () => {
    const matchRoutes = vi.mocked(reactRouter.matchRoutes);
    matchRoutes.mockClear();
    dynamicPagePaths(
      table,
      [],
      ['/live', '/profile/clips', '/admin', '/rules', '/watch/1'].map((url) => link(url)),
    );
    expect(matchRoutes.mock.calls.map(([, location]) => location)).toEqual(['/rules', '/watch/1']);
  });
});
