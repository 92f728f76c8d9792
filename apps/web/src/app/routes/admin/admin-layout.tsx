import { Outlet, useOutletContext } from 'react-router';
import type { AdminMe } from '@rudy/contracts';
import { useProfile } from '../../../features/auth/api/get-profile';
import { AdminShell } from '../../../features/admin/components/admin-shell';
import { signedInLoader } from '../../route-guards';

/** /admin needs a sign-in first (back here after it); whether it is an admin's, the server says. */
export const loader = signedInLoader;

export function Component() {
  const user = useProfile().data;
  return <AdminShell userId={user?.id ?? 0}>{(me) => <Outlet context={me} />}</AdminShell>;
}

/** The signed-in admin and their channel, for the console's screens. */
export function useAdmin(): AdminMe {
  return useOutletContext<AdminMe>();
}
