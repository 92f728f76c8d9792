import { BASE_PASS_FORM_ALIAS, hasChosenBasePass } from '@rudy/contracts';
import { redirect, type LoaderFunctionArgs, type createBrowserRouter } from 'react-router';
import { cachedUser } from '../features/auth/hooks/session';
import { bootstrapQueryOptions } from '../features/channel/api/get-bootstrap';
import { customFormQueryOptions } from '../features/commerce/api/custom-forms';
import { isBasePassAllowed } from '../features/commerce/lib/base-pass-form';
import { queryClient } from '../lib/query-client';

type AppRouter = Pick<ReturnType<typeof createBrowserRouter>, 'state'>;
type GuardedRouter = Pick<
  ReturnType<typeof createBrowserRouter>,
  'state' | 'subscribe' | 'navigate'
>;

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

/**
 * Spec: a signed-in user on a channel with the 'base pass' custom form who has not chosen one is
 * sent to pass selection, except on the allowed routes. Null when the user may stay.
 */
export async function basePassRedirect(pathname: string): Promise<string | null> {
  const user = cachedUser(queryClient);
  const settings = queryClient.getQueryData(bootstrapQueryOptions().queryKey)?.settings;
  if (!user || !settings?.custom_forms || isBasePassAllowed(pathname)) return null;
  const form = await queryClient.query(customFormQueryOptions(BASE_PASS_FORM_ALIAS, user.id));
  if (!form || hasChosenBasePass(form)) return null;
  return `/select-package/${form.id}`;
}

/*
 * Checked after every settled navigation rather than in a loader: a parent loader does not run
 * again when only the child route changes, and the form is read once and then cached. Nothing is
 * checked before the router has settled its first screen: a navigation started while that first
 * screen's code loads was overtaken by it, leaving the address at /select-package and the old
 * screen on show.
 */
export function enforceBasePassChoice(router: GuardedRouter) {
  let checked: string | null = null;
  const check = (state: GuardedRouter['state']) => {
    if (!state.initialized || state.navigation.state !== 'idle') return;
    const { pathname } = state.location;
    if (pathname === checked) return;
    checked = pathname;
    basePassRedirect(pathname)
      .then((target) => {
        const now = router.state;
        if (!target || now.location.pathname !== pathname) return;
        // Busy with another navigation: its end checks again.
        if (now.navigation.state !== 'idle') checked = null;
        else void router.navigate(target, { replace: true });
      })
      // A form that cannot be read never locks the visitor out of the site.
      .catch(() => undefined);
  };
  check(router.state);
  return router.subscribe(check);
}
