import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { useT } from '../../../lib/i18n';
import { useDevOutbox } from '../api/get-dev-outbox';
import { useProfile } from '../api/get-profile';
import { resumePath } from '../lib/return-target';
import { AuthCard } from './auth-card';
import styles from './auth-card.module.css';
import { ResendVerification } from './resend-verification';
import '../../../locales/sign-in';

/** /verify-notice: after registration (or an email change), tells the user to open the mail. */
export function VerifyNoticeScreen() {
  const { t } = useT();
  const { data: user } = useProfile();
  const outbox = useDevOutbox();

  if (user?.email_verified) {
    return (
      <AuthCard title={t('sign-in:verifyNotice.title')} icon="✓">
        <FormAlert tone="success">{t('auth:serverErrors.email_already_verified')}</FormAlert>
        <ButtonLink to="/">{t('sign-in:verifyNotice.continue')}</ButtonLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('sign-in:verifyNotice.title')}
      subtitle={
        user
          ? t('sign-in:verifyNotice.sentTo', { email: user.email })
          : t('sign-in:verifyNotice.subtitle')
      }
      icon="✉"
      footer={
        outbox.data ? (
          <small>
            {t('sign-in:verifyNotice.devOutbox')}{' '}
            <a href={user ? `/dev/outbox?to=${encodeURIComponent(user.email)}` : '/dev/outbox'}>
              {t('sign-in:verifyNotice.devOutboxLink')}
            </a>
            {outbox.data.unlocked ? null : <> {t('sign-in:verifyNotice.devOutboxLocked')}</>}
          </small>
        ) : undefined
      }
    >
      <p>{t('sign-in:verifyNotice.text')}</p>
      {user ? (
        <ResendVerification />
      ) : (
        <p>
          {t('sign-in:verifyNotice.loginToResend')}{' '}
          <Link className={styles.link} to="/login?return_to=%2Fverify-notice">
            {t('auth:account.login')}
          </Link>
        </p>
      )}
      <div className={styles.actions}>
        {/* Back to the page the user registered from (e.g. the Buy page), else home. */}
        <ButtonLink to={resumePath() ?? '/'} variant="secondary">
          {t('sign-in:verifyNotice.continue')}
        </ButtonLink>
        {user ? (
          <ButtonLink to="/profile/edit" variant="ghost">
            {t('sign-in:verifyNotice.changeEmail')}
          </ButtonLink>
        ) : null}
      </div>
    </AuthCard>
  );
}
