import type { Profile } from '@rudy/contracts';
import { useCallback } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { showToast } from '../../../components/ui/toast-store';
import { useT } from '../../../lib/i18n';
import { useSocialProviders } from '../api/get-social-providers';
import { afterSignInPath } from '../lib/return-target';
import { AuthCard, AuthDivider } from './auth-card';
import { LoginForm } from './login-form';
import { SocialButtons } from './social-buttons';
import { SocialReturn } from './social-return';
import '../../../locales/sign-in';

const SOCIAL_ERRORS = ['state', 'provider', 'email_unverified', 'no_email'] as const;
type SocialError = (typeof SOCIAL_ERRORS)[number];
const isSocialError = (v: string | null): v is SocialError =>
  v !== null && (SOCIAL_ERRORS as readonly string[]).includes(v);

/** /login: email and password, the configured social buttons, and the return from a provider. */
export function LoginScreen() {
  const { t } = useT();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const providers = useSocialProviders();
  const returnTo = afterSignInPath(search);
  const code = search.get('code');
  const socialError = search.get('social_error');

  const onSignedIn = useCallback(
    (user: Profile) => {
      showToast({
        type: 'success',
        message: t('sign-in:login.welcome', { name: user.first_name }),
      });
      void navigate(returnTo, { replace: true });
    },
    [navigate, returnTo, t],
  );

  if (code) return <SocialReturn code={code} onSignedIn={onSignedIn} />;

  const available = providers.data ?? [];
  return (
    <AuthCard
      title={t('sign-in:login.title')}
      // Social accounts are named only when a provider is configured.
      subtitle={t(available.length > 0 ? 'sign-in:login.subtitleSocial' : 'sign-in:login.subtitle')}
      footer={
        <>
          {t('sign-in:login.noAccount')}{' '}
          <Link to="/registration">{t('sign-in:login.register')}</Link>
        </>
      }
    >
      {socialError !== null ? (
        <FormAlert tone="error" title={t('sign-in:social.failedTitle')}>
          {t(`sign-in:socialErrors.${isSocialError(socialError) ? socialError : 'provider'}`)}
        </FormAlert>
      ) : null}
      {available.length > 0 ? (
        <>
          <SocialButtons providers={available} returnTo={returnTo} />
          <AuthDivider label={t('sign-in:login.or')} />
        </>
      ) : null}
      <LoginForm defaultEmail={search.get('email') ?? ''} onSignedIn={onSignedIn} />
    </AuthCard>
  );
}
