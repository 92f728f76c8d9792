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
  for (const url of candidates) {
    const path = cleanPath(url);
    if (!path || paths.has(path)) continue;
    const matches = matchRoutes(staticRoutes, path);
    const deepest = matches?.[matches.length - 1]?.route;
    if (deepest && deepest.path !== '*') continue;
    paths.add(path);
  }
  return [...paths];
}
