import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { isApiError } from '../../../lib/api-error';
import { apiErrorText } from '../../../lib/form-messages';
import { useT } from '../../../lib/i18n';
import { PROFILE_QUERY_KEY, useProfile } from '../api/get-profile';
import { signedLinkFrom, useVerifyEmail } from '../api/verify-email';
import { AuthCard } from './auth-card';
import styles from './auth-card.module.css';
import { ResendVerification } from './resend-verification';

/** /verify-email?email=&expires=&signature=: confirms the address from the mail's link. */
export function VerifyEmailScreen() {
  const { t } = useT();
  const [search] = useSearchParams();
  const link = signedLinkFrom(search);
  const verify = useVerifyEmail(link);
  const { data: user } = useProfile();
  const queryClient = useQueryClient();

  useEffect(() => {
    // A signed-in user's badge ("not verified") must change with it.
    if (verify.isSuccess) void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
  }, [verify.isSuccess, queryClient]);

  const title = t('auth:verifyEmail.title');
  if (link && verify.isPending) {
    return (
      <AuthCard title={title}>
        <p role="status" className={styles.pending}>
          {t('auth:verifyEmail.checking')}
        </p>
      </AuthCard>
    );
  }
  if (verify.isSuccess) {
    return (
      <AuthCard title={title} icon="✓">
        <FormAlert tone="success">{t('auth:verifyEmail.success')}</FormAlert>
        <ButtonLink to={user ? '/profile' : '/login'}>
          {user ? t('auth:verifyEmail.toAccount') : t('auth:account.login')}
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
        <ButtonLink to="/">{t('auth:verifyNotice.continue')}</ButtonLink>
      ) : user && !user.email_verified ? (
        <ResendVerification />
      ) : user ? null : (
        <p>
          {t('auth:verifyEmail.loginForNewLink')}{' '}
          <Link className={styles.link} to="/login">
            {t('auth:account.login')}
          </Link>
        </p>
      )}
    </AuthCard>
  );
}
