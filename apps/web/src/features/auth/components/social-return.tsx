import type { Profile } from '@rudy/contracts';
import { useEffect, useRef } from 'react';
import { ButtonLink } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import formStyles from '../../../components/ui/form.module.css';
import { apiErrorText } from '../../../lib/form-messages';
import { useT } from '../../../lib/i18n';
import { useAddSession } from '../api/add-session';
import { AuthCard } from './auth-card';
import styles from './auth-card.module.css';
import '../../../locales/sign-in';

/**
 * Back from Google or Facebook with a one-time code: trade it for a session on this key. The
 * code works once, so a second effect run (strict mode) must not send it again.
 */
export function SocialReturn({
  code,
  onSignedIn,
}: {
  code: string;
  onSignedIn: (user: Profile) => void;
}) {
  const { t } = useT();
  const addSession = useAddSession();
  const sent = useRef(false);
  const { mutate } = addSession;

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    mutate(code, { onSuccess: onSignedIn });
  }, [code, mutate, onSignedIn]);

  if (addSession.isError) {
    return (
      <AuthCard title={t('sign-in:social.failedTitle')}>
        <FormAlert tone="error">{apiErrorText(t, addSession.error)}</FormAlert>
        <ButtonLink to="/login" replace>
          {t('sign-in:social.backToLogin')}
        </ButtonLink>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('sign-in:social.finishing')}>
      <p role="status" className={styles.pending}>
        <span className={formStyles.spinner} aria-hidden="true" />
        {t('sign-in:social.finishingText')}
      </p>
    </AuthCard>
  );
}
