import { VerifyEmailScreen } from '../../../features/auth/components/verify-email-screen';

export function Component() {
  return <VerifyEmailScreen />;
}
