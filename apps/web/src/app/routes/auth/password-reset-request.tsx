import { PasswordResetRequestScreen } from '../../../features/auth/components/password-reset-request-screen';
import { guestOnlyLoader } from '../../route-guards';

export const loader = guestOnlyLoader;

export function Component() {
  return <PasswordResetRequestScreen />;
}
