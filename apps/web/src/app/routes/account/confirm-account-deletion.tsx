import { useNavigate } from 'react-router';
import { showToast } from '../../../components/ui/toast-store';
import { AccountDeletionScreen } from '../../../features/account/components/account-deletion-screen';
import { RequireUser } from '../../../features/auth/components/require-user';
import { useSessionUpdates } from '../../../features/auth/hooks/session';
import { useT } from '../../../lib/i18n';
import { signedInLoader } from '../../route-guards';

export const loader = signedInLoader;

export function Component() {
  const { t } = useT();
  const navigate = useNavigate();
  const { endSession } = useSessionUpdates();

  // Home first, so the account pages are gone before the user is; then the fresh anonymous key.
  async function onDeleted() {
    await navigate('/', { replace: true });
    await endSession();
    showToast({ type: 'success', message: t('account:deletion.done') });
  }

  return (
    <RequireUser>
      {(user) => <AccountDeletionScreen user={user} onDeleted={() => void onDeleted()} />}
    </RequireUser>
  );
}
