import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { showToast } from '../../../components/ui/toast-store';
import { isApiError } from '../../../lib/api-error';
import { apiErrorText } from '../../../lib/form-messages';
import { useT } from '../../../lib/i18n';
import { PROFILE_QUERY_KEY, useProfile } from '../api/get-profile';
import { signedLinkFrom, useVerifyEmail } from '../api/verify-email';
import { resumePath } from '../lib/return-target';
import { AuthCard } from './auth-card';
import styles from './auth-card.module.css';
import { ResendVerification } from './resend-verification';
import '../../../locales/sign-in';

/** /verify-email?email=&expires=&signature=: confirms the address from the mail's link. */
export function VerifyEmailScreen() {
  const { t } = useT();
  const [search] = useSearchParams();
  const link = signedLinkFrom(search);
  const verify = useVerifyEmail(link);
  const { data: user } = useProfile();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const isSignedIn = Boolean(user);

  useEffect(() => {
    if (!verify.isSuccess) return;
    // A signed-in user's badge ("not verified") must change with it.
    void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
    // A user who registered on the way (e.g. from the Buy page) goes back there; the toast says
    // the address is confirmed. Without such a page the card below says it.
    const resume = isSignedIn ? resumePath() : null;
    if (resume) {
      showToast({ message: t('sign-in:verifyEmail.success'), type: 'success' });
      void navigate(resume, { replace: true });
    }
  }, [verify.isSuccess, isSignedIn, queryClient, navigate, t]);

  const title = t('sign-in:verifyEmail.title');
  if (link && verify.isPending) {
    return (
      <AuthCard title={title}>
        <p role="status" className={styles.pending}>
          {t('sign-in:verifyEmail.checking')}
        </p>
      </AuthCard>
    );
  }
  if (verify.isSuccess) {
    return (
      <AuthCard title={title} icon="✓">
        <FormAlert tone="success">{t('sign-in:verifyEmail.success')}</FormAlert>
        <ButtonLink to={user ? '/profile' : '/login'}>
          {user ? t('sign-in:verifyEmail.toAccount') : t('auth:account.login')}
        </ButtonLink>
      </AuthCard>
    );
  }
  const code = isApiError(verify.error) ? verify.error.code : null;
  const isAlreadyVerified = code === 'email_already_verified';
  // A link that does not parse is as broken as a wrong signature; only an outage says otherwise.
  const isOutage = code === 'ERR_NETWORK' || code === 'ERR_TIMEOUT' || code === 'rate_limited';
  return (
    <AuthCard title={title}>
      <FormAlert tone={isAlreadyVerified ? 'info' : 'error'}>
        {isAlreadyVerified || isOutage
          ? apiErrorText(t, verify.error)
          : t('auth:serverErrors.verification_failed')}
      </FormAlert>
      {isAlreadyVerified ? (
        <ButtonLink to="/">{t('sign-in:verifyNotice.continue')}</ButtonLink>
      ) : user && !user.email_verified ? (
        <ResendVerification />
      ) : user ? null : (
        <p>
          {t('sign-in:verifyEmail.loginForNewLink')}{' '}
          <Link className={styles.link} to="/login">
            {t('auth:account.login')}
          </Link>
        </p>
      )}
    </AuthCard>
  );
}
