import { getLastPage } from '../../../lib/navigation-memory';

/** Pages that make no sense to come back to once signed in (spec: auth routes are not remembered). */
const AUTH_PATHS = [
  '/login',
  '/registration',
  '/password-reset-request',
  '/password-reset',
  '/verify-notice',
  '/verify-email',
];

/** A path on this site, never another origin (`//evil.example`) and never an auth page. */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return null;
  }
  const pathname = value.split(/[?#]/)[0] ?? '';
  return AUTH_PATHS.includes(pathname) ? null : value;
}

/**
 * Where a visitor lands after signing in: the page that sent them to login (`return_to`), else
 * the last page they saw (spec: "the last page is restored"), else home.
 */
export function afterSignInPath(search: URLSearchParams): string {
  const fromQuery = safeReturnPath(search.get('return_to'));
  if (fromQuery) return fromQuery;
  const last = getLastPage();
  return (last && safeReturnPath(`${last.path}${last.search}`)) ?? '/';
}

/**
 * The remembered page to pick up again after an account step taken on the way (registering and
 * confirming the email from the Buy page), or null when there is none beyond home.
 */
export function resumePath(): string | null {
  const path = afterSignInPath(new URLSearchParams());
  return path === '/' ? null : path;
}
