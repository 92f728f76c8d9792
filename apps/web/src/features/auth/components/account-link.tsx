import { useT } from '../../../lib/i18n';
import { Link } from 'react-router';
import { useProfile } from '../api/get-profile';
import styles from './account-link.module.css';

export function AccountLink() {
  const { t } = useT();
  const { data: user } = useProfile();
  if (user) {
    const initials = `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase() || '•';
    return (
      <Link to="/profile" className={styles.account} aria-label={t('auth:account.profile')}>
        <span className={styles.avatar} aria-hidden="true">
          {initials}
        </span>
      </Link>
    );
  }
  return (
    <Link to="/login" className={styles.login}>
      {t('auth:account.login')}
    </Link>
  );
}
