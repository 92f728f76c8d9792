import { ProfileEditScreen } from '../../../features/account/components/profile-edit-screen';
import { PasswordStrengthMeter } from '../../../features/auth/components/password-strength-meter';
import { RequireUser } from '../../../features/auth/components/require-user';
import { useSessionUpdates } from '../../../features/auth/hooks/session';
import { signedInLoader } from '../../route-guards';

export const loader = signedInLoader;

export function Component() {
  const { updateUser } = useSessionUpdates();
  return (
    <RequireUser>
      {(user) => (
        <ProfileEditScreen
          user={user}
          onSaved={updateUser}
          strengthHint={(password) => <PasswordStrengthMeter password={password} />}
        />
      )}
    </RequireUser>
  );
}
