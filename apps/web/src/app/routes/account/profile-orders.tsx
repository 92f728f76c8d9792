import { AccountEmptyState } from '../../../features/account/components/account-empty-state';
import { AccountOrders } from '../../../features/commerce/components/account-orders';

export function Component() {
  return <AccountOrders empty={<AccountEmptyState section="orders" />} />;
}
