import { useCallback } from 'react';
import { Link, useNavigate } from 'react-router';
import { useT } from '../../../lib/i18n';
import { AuthCard } from './auth-card';
import { RegistrationForm } from './registration-form';
import '../../../locales/sign-in';

/** /registration: a new account is signed in at once and asked to confirm its email. */
export function RegistrationScreen() {
  const { t } = useT();
  const navigate = useNavigate();
  const onRegistered = useCallback(
    () => void navigate('/verify-notice', { replace: true }),
    [navigate],
  );
  return (
    <AuthCard
      title={t('sign-in:registration.title')}
      subtitle={t('sign-in:registration.subtitle')}
      isWide
      footer={
        <>
          {t('sign-in:registration.haveAccount')} <Link to="/login">{t('auth:account.login')}</Link>
        </>
      }
    >
      <RegistrationForm onRegistered={onRegistered} />
    </AuthCard>
  );
}
