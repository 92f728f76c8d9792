import type { MenuItem, PageSummary } from '@rudy/contracts';
import { matchRoutes, type RouteObject } from 'react-router';

/** Only plain path segments become routes; anything else in channel data could break the matcher. */
const SAFE_PATH = /^\/[a-z0-9][a-z0-9_\-./]*$/i;

function cleanPath(url: string): string | null {
  const path = (url.split(/[?#]/)[0] ?? '').replace(/\/+$/, '');
  if (!SAFE_PATH.test(path) || path.includes('..')) return null;
  return path;
}

/**
 * The full paths of the routes that have neither parameters nor a splat (an index route has its
 * parent's), lower-cased as the matcher compares them. A url among them is served as it is;
 * `matchRoutes` ranks the whole table and builds a pattern per route on every call, about 1 ms
 * each on a phone, and a channel's menu lists a dozen such links at start-up (issue 14).
 */
function literalPaths(routes: RouteObject[], parent = '', into = new Set<string>()): Set<string> {
  for (const route of routes) {
    const own = route.path ?? '';
    const full = own.startsWith('/') ? own : `${parent}/${own}`;
    const path = full.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
    const literal = !/[:*?]/.test(path);
    if (literal && (route.index || own)) into.add(path.toLowerCase());
    if (route.children) literalPaths(route.children, own ? path : parent, into);
  }
  return into;
}

/**
 * Channel pages and internal menu links whose url the static table does not already serve.
 * Each becomes a route rendering the channel page with that url.
 */
export function dynamicPagePaths(
  staticRoutes: RouteObject[],
  pages: PageSummary[],
  menu: MenuItem[],
): string[] {
  const candidates = [
    ...pages.map((page) => page.url),
    ...menu.filter((item) => !item.is_external).map((item) => item.url),
  ];
  const paths = new Set<string>();
  const served = literalPaths(staticRoutes);
  for (const url of candidates) {
    const path = cleanPath(url);
    if (!path || paths.has(path) || served.has(path.toLowerCase())) continue;
    const matches = matchRoutes(staticRoutes, path);
    const deepest = matches?.[matches.length - 1]?.route;
    if (deepest && deepest.path !== '*') continue;
    paths.add(path);
  }
  return [...paths];
}
