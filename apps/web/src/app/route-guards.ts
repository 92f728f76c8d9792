import { redirect, type LoaderFunctionArgs } from 'react-router';
import { cachedUser } from '../features/auth/hooks/session';
import { queryClient } from '../lib/query-client';

/** Spec: a signed-in visitor on login, registration or password pages goes to '/'. */
export function guestOnlyLoader() {
  if (cachedUser(queryClient)) return redirect('/');
  return null;
}

/** Spec: profile edit needs a sign-in, otherwise the visitor goes to login. */
export function signedInLoader() {
  if (!cachedUser(queryClient)) return redirect('/login');
  return null;
}

/** Routes with a numeric id (`/watch/:id`, `/select-package/:id`) send anything else to /404. */
export function numericIdLoader({ params }: LoaderFunctionArgs) {
  if (!/^\d+$/.test(params.id ?? '')) return redirect('/404');
  return null;
}
