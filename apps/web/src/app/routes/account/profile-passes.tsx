import { AccessSummary } from '../../../features/account/components/access-summary';
import { AccountPasses } from '../../../features/commerce/components/account-passes';

export function Component() {
  return <AccountPasses access={<AccessSummary />} />;
}
