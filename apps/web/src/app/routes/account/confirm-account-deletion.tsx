import { useNavigate } from 'react-router';
import { AccountDeletionScreen } from '../../../features/account/components/account-deletion-screen';
import { RequireUser } from '../../../features/auth/components/require-user';
import { requestSessionEnd } from '../../../features/auth/hooks/session-end';
import { useT } from '../../../lib/i18n';
import { signedInLoader } from '../../route-guards';
import '../../../locales/account';

export const loader = signedInLoader;

export function Component() {
  const { t } = useT();
  const navigate = useNavigate();

  // The server has revoked every key: home, then a fresh anonymous key and the toast.
  function onDeleted() {
    requestSessionEnd(t('account:deletion.done'));
    void navigate('/', { replace: true });
  }

  return (
    <RequireUser>
      {(user) => <AccountDeletionScreen user={user} onDeleted={onDeleted} />}
    </RequireUser>
  );
}
