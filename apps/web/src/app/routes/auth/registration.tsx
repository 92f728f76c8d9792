import { RegistrationScreen } from '../../../features/auth/components/registration-screen';
import { guestOnlyLoader } from '../../route-guards';

export const loader = guestOnlyLoader;

export function Component() {
  return <RegistrationScreen />;
}
