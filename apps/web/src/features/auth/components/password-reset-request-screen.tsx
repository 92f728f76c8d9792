import { Link } from 'react-router';
import { useT } from '../../../lib/i18n';
import { AuthCard } from './auth-card';
import { PasswordResetRequestForm } from './password-reset-request-form';

export function PasswordResetRequestScreen() {
  const { t } = useT();
  return (
    <AuthCard
      title={t('auth:passwordResetRequest.title')}
      subtitle={t('auth:passwordResetRequest.subtitle')}
      footer={
        <>
          {t('auth:passwordResetRequest.remembered')}{' '}
          <Link to="/login">{t('auth:account.login')}</Link>
        </>
      }
    >
      <PasswordResetRequestForm />
    </AuthCard>
  );
}
