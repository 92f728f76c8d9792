import type { Profile } from '@rudy/contracts';
import { useT } from '../../../lib/i18n';
import { ResendVerification } from './resend-verification';
import styles from './verification-status.module.css';
import '../../../locales/sign-in';

/** Whether the account's email is confirmed; an unconfirmed one can ask for the link again. */
export function VerificationStatus({ user }: { user: Profile }) {
  const { t } = useT();
  if (user.email_verified) {
    return (
      <span className={`${styles.badge} ${styles.verified}`}>
        <span aria-hidden="true">✓</span> {t('sign-in:verification.verified')}
      </span>
    );
  }
  return (
    <div className={styles.status}>
      <span className={`${styles.badge} ${styles.unverified}`}>
        <span aria-hidden="true">!</span> {t('sign-in:verification.unverified')}
      </span>
      <ResendVerification compact />
    </div>
  );
}
