import { useT } from '../../../lib/i18n';
import { passwordStrength } from '../lib/password-strength';
import styles from './password-strength-meter.module.css';
import '../../../locales/sign-in';

/** A hint under a new password: how long and varied it is (the server asks only for length). */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const { t } = useT();
  const level = passwordStrength(password);
  if (level === 'empty') return <span>{t('sign-in:strength.rule')}</span>;
  return (
    <span className={styles.meter} data-level={level} aria-live="polite">
      <span className={styles.bars} aria-hidden="true">
        <span className={styles.bar} />
        <span className={styles.bar} />
        <span className={styles.bar} />
      </span>
      <span>{t(`sign-in:strength.${level}`)}</span>
    </span>
  );
}
