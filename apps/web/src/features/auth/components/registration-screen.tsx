import { useCallback } from 'react';
import { Link, useNavigate } from 'react-router';
import { useT } from '../../../lib/i18n';
import { AuthCard } from './auth-card';
import { RegistrationForm } from './registration-form';

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
      title={t('auth:registration.title')}
      subtitle={t('auth:registration.subtitle')}
      isWide
      footer={
        <>
          {t('auth:registration.haveAccount')} <Link to="/login">{t('auth:account.login')}</Link>
        </>
      }
    >
      <RegistrationForm onRegistered={onRegistered} />
    </AuthCard>
  );
}
