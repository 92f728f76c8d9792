import type { Profile } from '@rudy/contracts';
import { PageHeader } from '../../../components/ui/page-header';
import { useT } from '../../../lib/i18n';
import { DeleteAccountForm } from './delete-account-form';
import styles from './profile-edit.module.css';
import { ProfileSection } from './profile-section';
import '../../../locales/account';

/** /confirm-account-deletion: what goes, then the proof that the owner asks for it. */
export function AccountDeletionScreen({
  user,
  onDeleted,
}: {
  user: Profile;
  onDeleted: () => void;
}) {
  const { t } = useT();
  return (
    <div className="page-container">
      <title>{t('account:deletion.title')}</title>
      <PageHeader title={t('account:deletion.title')} subtitle={t('account:deletion.subtitle')} />
      <div className={styles.layout}>
        <ProfileSection
          id="confirm"
          title={t('account:deletion.confirmTitle', { email: user.email })}
          isDanger
        >
          <ul className={styles.consequences}>
            <li>{t('account:deletion.consequences.data')}</li>
            <li>{t('account:deletion.consequences.sessions')}</li>
            <li>{t('account:deletion.consequences.final')}</li>
          </ul>
          <p className={styles.ask}>
            {user.has_password ? t('account:deletion.askPassword') : t('account:deletion.askEmail')}
          </p>
          <DeleteAccountForm user={user} onDeleted={onDeleted} />
        </ProfileSection>
      </div>
    </div>
  );
}
