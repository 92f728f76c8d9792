import { VerifyNoticeScreen } from '../../../features/auth/components/verify-notice-screen';

export function Component() {
  return <VerifyNoticeScreen />;
}
