import { useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import { RequireUser } from '../../../features/auth/components/require-user';
import { afterSignInPath } from '../../../features/auth/lib/return-target';
import { SelectPackageScreen } from '../../../features/commerce/components/select-package-screen';
import { numericIdLoader, signedInLoader } from '../../route-guards';

/** A numeric id first (else /404), then a sign-in: the choice is saved for the user. */
export function loader(args: LoaderFunctionArgs) {
  return numericIdLoader(args) ?? signedInLoader(args);
}

export function Component() {
  const { id } = useParams();
  const navigate = useNavigate();
  return (
    <RequireUser>
      {(user) => (
        <SelectPackageScreen
          formId={Number(id)}
          user={user}
          // Back to the page the guard sent the user away from (the last page remembered).
          onSaved={() => {
            const back = afterSignInPath(new URLSearchParams());
            void navigate(back.startsWith('/select-package') ? '/' : back, { replace: true });
          }}
        />
      )}
    </RequireUser>
  );
}
