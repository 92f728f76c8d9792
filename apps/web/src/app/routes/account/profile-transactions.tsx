import { AccountEmptyState } from '../../../features/account/components/account-empty-state';
import { AccountTransactions } from '../../../features/commerce/components/account-transactions';

export function Component() {
  return <AccountTransactions empty={<AccountEmptyState section="transactions" />} />;
}
