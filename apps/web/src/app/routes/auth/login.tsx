import { LoginScreen } from '../../../features/auth/components/login-screen';
import { guestOnlyLoader } from '../../route-guards';

export const loader = guestOnlyLoader;

export function Component() {
  return <LoginScreen />;
}
