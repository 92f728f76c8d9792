import type { MenuItem, PageSummary } from '@rudy/contracts';
import type { NavItem } from '../components/menu-link';

function toNavItem(item: MenuItem): NavItem {
  return { key: `menu-${item.id}`, title: item.title, url: item.url, isExternal: item.is_external };
}

export function headerNavItems(menu: MenuItem[]): NavItem[] {
  return menu
    .filter((item) => item.location === 'header')
    .sort((a, b) => a.position - b.position)
    .map(toNavItem);
}

/** The footer menu, then any page flagged for the footer that the menu does not already link. */
export function footerNavItems(menu: MenuItem[], pages: PageSummary[]): NavItem[] {
  const items = menu
    .filter((item) => item.location === 'footer')
    .sort((a, b) => a.position - b.position)
    .map(toNavItem);
  const linked = new Set(items.map((item) => normalizePath(item.url)));
  for (const page of pages) {
    if (!page.show_in_footer || linked.has(normalizePath(page.url))) continue;
    linked.add(normalizePath(page.url));
    items.push({ key: `page-${page.id}`, title: page.name, url: page.url, isExternal: false });
  }
  return items;
}

/** '/About/' and 'about?x=1' name the same route. */
export function normalizePath(url: string) {
  const path = url.split(/[?#]/)[0] ?? '';
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  return `/${trimmed}`.toLowerCase();
}

export function findPageByUrl(pages: PageSummary[], url: string) {
  const wanted = normalizePath(url);
  return pages.find((page) => normalizePath(page.url) === wanted);
}

export function findPageByKind(pages: PageSummary[], kind: PageSummary['kind']) {
  return pages.find((page) => page.kind === kind);
}
