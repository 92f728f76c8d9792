import { useCallback } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { showToast } from '../../../components/ui/toast-store';
import { useT } from '../../../lib/i18n';
import { signedLinkFrom } from '../api/verify-email';
import { AuthCard } from './auth-card';
import styles from './auth-card.module.css';
import { PasswordResetForm } from './password-reset-form';
import '../../../locales/sign-in';

/** /password-reset?email=&expires=&signature=: the new password, then a fresh sign-in. */
export function PasswordResetScreen() {
  const { t } = useT();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const link = signedLinkFrom(search);
  const email = link?.email ?? '';

  const onDone = useCallback(() => {
    // Every session of the account has ended; the user signs in with the new password.
    showToast({ type: 'success', message: t('sign-in:passwordReset.done') });
    void navigate(`/login?${new URLSearchParams({ email }).toString()}`, { replace: true });
  }, [email, navigate, t]);

  return (
    <AuthCard
      title={t('sign-in:passwordReset.title')}
      subtitle={
        link ? t('sign-in:passwordReset.for', { email }) : t('sign-in:passwordReset.subtitle')
      }
    >
      {link ? (
        <PasswordResetForm link={link} onDone={onDone} />
      ) : (
        <FormAlert tone="error">
          {t('auth:serverErrors.reset_failed')}{' '}
          <Link to="/password-reset-request" className={styles.link}>
            {t('sign-in:passwordReset.newLink')}
          </Link>
        </FormAlert>
      )}
    </AuthCard>
  );
}
