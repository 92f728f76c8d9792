import { PasswordResetScreen } from '../../../features/auth/components/password-reset-screen';
import { guestOnlyLoader } from '../../route-guards';

export const loader = guestOnlyLoader;

export function Component() {
  return <PasswordResetScreen />;
}
