import { redirect, type LoaderFunctionArgs, type createBrowserRouter } from 'react-router';
import { cachedUser } from '../features/auth/hooks/session';
import { queryClient } from '../lib/query-client';

type AppRouter = Pick<ReturnType<typeof createBrowserRouter>, 'state'>;

/**
 * Spec "redirect list": routes a signed-in visitor is sent away from, and where to. Login,
 * registration and the password pages make no sense once signed in.
 */
export const SIGNED_IN_REDIRECTS: Readonly<Record<string, string>> = {
  '/login': '/',
  '/registration': '/',
  '/password-reset-request': '/',
  '/password-reset': '/',
};

/** Login with the page to come back to once signed in ("last page restored after login"). */
export function loginPathFor(path: string) {
  return `/login?${new URLSearchParams({ return_to: path }).toString()}`;
}

/** Spec: a signed-in visitor on login, registration or password pages goes to the default route. */
export function guestOnlyLoader({ request }: LoaderFunctionArgs) {
  if (!cachedUser(queryClient)) return null;
  return redirect(SIGNED_IN_REDIRECTS[new URL(request.url).pathname] ?? '/');
}

/** Spec: the account pages need a sign-in; the visitor logs in and comes back. */
export function signedInLoader({ request }: LoaderFunctionArgs) {
  if (cachedUser(queryClient)) return null;
  const url = new URL(request.url);
  return redirect(loginPathFor(`${url.pathname}${url.search}`));
}

/** Routes with a numeric id (`/watch/:id`, `/select-package/:id`) send anything else to /404. */
export function numericIdLoader({ params }: LoaderFunctionArgs) {
  if (!/^\d+$/.test(params.id ?? '')) return redirect('/404');
  return null;
}

/*
 * Loaders see where a navigation goes, not where it comes from. While one runs, the router's
 * state still holds the page being left, so the router the app runs on is kept here.
 */
let watched: AppRouter | null = null;

export function watchNavigation(router: AppRouter) {
  watched = router;
}

const SIGN_IN_PAGES = new Set(['/login', '/registration']);

/** Spec: a logged-out user going from login or registration to Buy is sent back. */
export function logoutBuyGuardLoader({ request }: LoaderFunctionArgs) {
  if (cachedUser(queryClient) || !watched) return null;
  const from = watched.state.location;
  const target = new URL(request.url).pathname;
  if (target === from.pathname || !SIGN_IN_PAGES.has(from.pathname)) return null;
  return redirect(`${from.pathname}${from.search}`);
}
