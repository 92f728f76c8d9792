import { AccessSummary } from '../../../features/account/components/access-summary';

export function Component() {
  return <AccessSummary />;
}
