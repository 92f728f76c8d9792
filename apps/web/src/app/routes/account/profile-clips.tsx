import { AccountEmptyState } from '../../../features/account/components/account-empty-state';

export function Component() {
  return <AccountEmptyState section="clips" />;
}
