import type { Profile } from '@rudy/contracts';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { useT } from '../../../lib/i18n';
import { PasswordChangeForm } from './password-change-form';
import { ProfileDetailsForm } from './profile-details-form';
import styles from './profile-edit.module.css';
import { ProfileSection } from './profile-section';
import '../../../locales/account';

/** /profile/edit: details, password and the way to account deletion. */
export function ProfileEditScreen({
  user,
  onSaved,
  strengthHint,
}: {
  user: Profile;
  onSaved: (user: Profile) => void;
  strengthHint?: (password: string) => ReactNode;
}) {
  const { t } = useT();
  const isTemporary = user.temporary_password;
  const password = (
    <ProfileSection
      id="password"
      title={user.has_password ? t('account:password.title') : t('account:password.setTitle')}
      text={user.has_password ? t('account:password.text') : t('account:password.setText')}
    >
      <PasswordChangeForm user={user} onSaved={onSaved} strengthHint={strengthHint} />
    </ProfileSection>
  );

  return (
    <div className="page-container">
      <title>{t('account:edit.title')}</title>
      <PageHeader
        title={t('account:edit.title')}
        subtitle={t('account:edit.subtitle')}
        actions={
          isTemporary ? null : (
            <ButtonLink to="/profile" variant="ghost">
              {t('account:edit.back')}
            </ButtonLink>
          )
        }
      />
      <div className={styles.layout}>
        {isTemporary ? (
          <FormAlert tone="info" title={t('account:temporary.title')}>
            {t('account:temporary.text')}
          </FormAlert>
        ) : null}
        {isTemporary ? password : null}
        <ProfileSection id="details" title={t('account:edit.detailsTitle')}>
          <ProfileDetailsForm user={user} onSaved={onSaved} />
        </ProfileSection>
        {isTemporary ? null : password}
        <ProfileSection
          id="delete"
          title={t('account:deletion.title')}
          text={t('account:deletion.sectionText')}
          isDanger
        >
          <ButtonLink to="/confirm-account-deletion" variant="secondary">
            {t('account:deletion.open')}
          </ButtonLink>
        </ProfileSection>
      </div>
    </div>
  );
}
