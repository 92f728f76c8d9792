import { Link } from 'react-router';
import { useT } from '../../../lib/i18n';
import { AuthCard } from './auth-card';
import { PasswordResetRequestForm } from './password-reset-request-form';
import '../../../locales/sign-in';

export function PasswordResetRequestScreen() {
  const { t } = useT();
  return (
    <AuthCard
      title={t('sign-in:passwordResetRequest.title')}
      subtitle={t('sign-in:passwordResetRequest.subtitle')}
      footer={
        <>
          {t('sign-in:passwordResetRequest.remembered')}{' '}
          <Link to="/login">{t('auth:account.login')}</Link>
        </>
      }
    >
      <PasswordResetRequestForm />
    </AuthCard>
  );
}
