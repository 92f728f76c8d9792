import type { Profile } from '@rudy/contracts';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useProfile } from '../api/get-profile';

/**
 * The loaders guard account pages on arrival; this keeps guarding while the page is open, for a
 * sign-in lost on the way (a 401 elsewhere resets the user).
 */
export function RequireUser({ children }: { children: (user: Profile) => ReactNode }) {
  const { data: user } = useProfile();
  const { pathname, search } = useLocation();
  if (!user) {
    const query = new URLSearchParams({ return_to: `${pathname}${search}` }).toString();
    return <Navigate to={`/login?${query}`} replace />;
  }
  return children(user);
}
