import type { MenuItem, PageSummary } from '@rudy/contracts';
import {
  createBrowserRouter,
  matchRoutes,
  redirect,
  type Params,
  type RouteObject,
} from 'react-router';
import { loadChunk } from '../lib/chunk-load';
import { dynamicPagePaths } from './dynamic-routes';
import { logoutBuyGuardLoader, watchNavigation } from './route-guards';
import type { RouteHandle } from './route-handle';
import { RouteError } from './routes/errors/route-error';
import { startupParamsLoader } from './startup-params';

const forgotten: RouteHandle = { isForgotten: true };

/** The routes of spec section 2 that live inside the site layout. Every screen is a lazy module. */
function siteRoutes(): RouteObject[] {
  return [
    { index: true, lazy: () => import('./routes/home/home') },
    { path: 'login', handle: forgotten, lazy: () => import('./routes/auth/login') },
    { path: 'registration', handle: forgotten, lazy: () => import('./routes/auth/registration') },
    { path: 'verify-notice', handle: forgotten, lazy: () => import('./routes/auth/verify-notice') },
    { path: 'verify-email', handle: forgotten, lazy: () => import('./routes/auth/verify-email') },
    {
      path: 'password-reset-request',
      handle: forgotten,
      lazy: () => import('./routes/auth/password-reset-request'),
    },
    {
      path: 'password-reset',
      handle: forgotten,
      lazy: () => import('./routes/auth/password-reset'),
    },
    {
      path: 'profile',
      lazy: () => import('./routes/account/profile'),
      children: [
        { index: true, lazy: () => import('./routes/account/profile-orders') },
        { path: 'transactions', lazy: () => import('./routes/account/profile-transactions') },
        { path: 'clips', lazy: () => import('./routes/account/profile-clips') },
        { path: 'passes', lazy: () => import('./routes/account/profile-passes') },
        { path: 'alerts', lazy: () => import('./routes/account/profile-alerts') },
      ],
    },
    { path: 'profile/edit', lazy: () => import('./routes/account/profile-edit') },
    // Remembered like any account page (spec 2: only auth and error routes are not), so a visitor
    // sent to log in on the way comes back to it.
    {
      path: 'confirm-account-deletion',
      lazy: () => import('./routes/account/confirm-account-deletion'),
    },
    // The admin invitation mail's link (a sign-in first; the server checks the address).
    { path: 'admin-invitation', lazy: () => import('./routes/account/admin-invitation') },
    { path: 'contacts', lazy: () => import('./routes/channel/contacts') },
    { path: 'forms/:alias', lazy: () => import('./routes/channel/custom-form') },
    { path: 'about', lazy: () => import('./routes/channel/about') },
    { path: 'faq', lazy: () => import('./routes/channel/faq') },
    { path: 'privacy_policy', lazy: () => import('./routes/channel/privacy-policy') },
    { path: 'terms_conditions', lazy: () => import('./routes/channel/terms-conditions') },
    // A pathless parent holds the guard, so the Buy screen's own module may still bring a loader.
    {
      loader: logoutBuyGuardLoader,
      children: [{ path: 'buy', lazy: () => import('./routes/commerce/buy') }],
    },
    { path: 'select-package/:id', lazy: () => import('./routes/commerce/select-package') },
    { path: 'packages', lazy: () => import('./routes/commerce/packages') },
    { path: 'simulate', lazy: () => import('./routes/commerce/simulate') },
    { path: 'live', lazy: () => import('./routes/events/live') },
    { path: 'upcoming', lazy: () => import('./routes/events/upcoming') },
    { path: 'vod', lazy: () => import('./routes/events/vod') },
    { path: 'schedule', lazy: () => import('./routes/events/schedule') },
    { path: 'favorites', lazy: () => import('./routes/favorites/favorites') },
    { path: 'watch/:id', lazy: () => import('./routes/watch/watch') },
    { path: 'vod_library', lazy: () => import('./routes/library/vod-library') },
    { path: 'watch_library/:id', lazy: () => import('./routes/library/watch-library') },
    { path: 'share/:id/:uuid', lazy: () => import('./routes/library/shared-clip') },
    { path: '404', handle: forgotten, lazy: () => import('./routes/errors/not-found') },
  ];
}

function tree(children: RouteObject[]): RouteObject[] {
  return [
    {
      // The channel console: its own frame, its own lazy chunks, never in the viewers' bundle.
      path: '/admin',
      errorElement: <RouteError />,
      handle: forgotten,
      lazy: () => import('./routes/admin/admin-layout'),
      children: [
        { index: true, lazy: () => import('./routes/admin/analytics') },
        // The game being edited is in the address (/admin/games/12, /admin/games/new).
        { path: 'games/:gameId?', lazy: () => import('./routes/admin/games') },
        { path: 'media', lazy: () => import('./routes/admin/media') },
        { path: 'games/import', lazy: () => import('./routes/admin/games-import') },
        { path: 'games/series/:seriesId?', lazy: () => import('./routes/admin/games-series') },
        { path: 'teams', lazy: () => import('./routes/admin/teams') },
        { path: 'reference-data', lazy: () => import('./routes/admin/reference-data') },
        { path: 'commerce', lazy: () => import('./routes/admin/commerce') },
        { path: 'revenue', lazy: () => import('./routes/admin/revenue') },
        { path: 'announcements', lazy: () => import('./routes/admin/announcements') },
        { path: 'branding', lazy: () => import('./routes/admin/branding') },
        { path: 'site-content', lazy: () => import('./routes/admin/site-content') },
        { path: 'people', lazy: () => import('./routes/admin/people') },
        { path: 'audit', lazy: () => import('./routes/admin/audit') },
      ],
    },
    {
      // The embedded player has a plain layout: no header, footer or cookie notice.
      path: '/watch_embed/:id',
      errorElement: <RouteError />,
      lazy: () => import('./routes/watch/watch-embed'),
    },
    {
      path: '/',
      errorElement: <RouteError />,
      loader: startupParamsLoader,
      lazy: () => import('./routes/root/root-layout'),
      children: [...children, { path: '*', loader: () => redirect('/404') }],
    },
  ];
}

/** Every lazy route module loads under the chunk policy: 120 s timeout, one reload after a deploy. */
function withChunkPolicy(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const { lazy, children } = route;
    const next: RouteObject = { ...route };
    if (typeof lazy === 'function') next.lazy = () => loadChunk(lazy);
    if (children) next.children = withChunkPolicy(children);
    return next;
  });
}

/** The full route table: static routes, then one route per channel page/menu url they miss. */
export function buildRoutes(pages: PageSummary[] = [], menu: MenuItem[] = []): RouteObject[] {
  const dynamic = dynamicPagePaths(tree(siteRoutes()), pages, menu).map<RouteObject>((path) => ({
    path: path.slice(1),
    lazy: () => import('./routes/channel/custom-page'),
  }));
  return withChunkPolicy(tree([...siteRoutes(), ...dynamic]));
}

export function createAppRouter(pages: PageSummary[], menu: MenuItem[]) {
  const router = createBrowserRouter(buildRoutes(pages, menu));
  watchNavigation(router);
  return router;
}

/**
 * Starts downloading the code of the screen at `pathname` (and its layouts) while the start-up
 * calls run, instead of after them; the router's own lazy() later finds the modules loaded.
 * `startData`, called once start-up has an API client, starts the data of a screen whose module
 * exports `earlyData` (the watch page: playback and the game): its loader would ask only after
 * start-up has read the sign-in state and built the router, 50-200 ms later. The loader still
 * runs; the queries answer it from what this started.
 */
export function prefetchRoute(pathname: string) {
  const loads = (matchRoutes(buildRoutes(), pathname) ?? []).flatMap((match) => {
    const lazy = match.route.lazy;
    if (typeof lazy !== 'function') return [];
    const module = lazy() as Promise<{ earlyData?: (params: Params) => void }>;
    module.catch(() => undefined);
    return [{ module, params: match.params }];
  });
  return {
    startData() {
      for (const { module, params } of loads) {
        void module.then((loaded) => loaded.earlyData?.(params)).catch(() => undefined);
      }
    },
  };
}
