import { AccountEmptyState } from '../../../features/account/components/account-empty-state';
import { ClipLibrary } from '../../../features/clips/components/clip-library';

export function Component() {
  return <ClipLibrary empty={<AccountEmptyState section="clips" />} />;
}
