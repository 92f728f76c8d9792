import { NavLink, Outlet } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { AccountSummary } from '../../../features/account/components/account-summary';
import { LogoutButton } from '../../../features/auth/components/logout-button';
import { RequireUser } from '../../../features/auth/components/require-user';
import { VerificationStatus } from '../../../features/auth/components/verification-status';
import { useT } from '../../../lib/i18n';
import { signedInLoader } from '../../route-guards';
import styles from './profile.module.css';
import '../../../locales/account';

export const loader = signedInLoader;

const TABS = [
  { to: '/profile', key: 'orders', end: true },
  { to: '/profile/transactions', key: 'transactions', end: false },
  { to: '/profile/clips', key: 'clips', end: false },
  { to: '/profile/passes', key: 'passes', end: false },
  { to: '/profile/alerts', key: 'alerts', end: false },
] as const;

export function Component() {
  const { t } = useT();
  return (
    <RequireUser>
      {(user) => (
        <div className="page-container">
          <title>{t('account:profile.title')}</title>
          <AccountSummary
            user={user}
            verification={<VerificationStatus user={user} />}
            actions={
              <>
                <ButtonLink to="/profile/edit" variant="secondary">
                  {t('account:profile.edit')}
                </ButtonLink>
                <LogoutButton />
              </>
            }
          />
          <nav className={styles.tabs} aria-label={t('account:profile.sections')}>
            {TABS.map((tab) => (
              <NavLink key={tab.key} to={tab.to} end={tab.end} className={styles.tab}>
                {t(`account:tabs.${tab.key}`)}
              </NavLink>
            ))}
          </nav>
          <div className={styles.panel}>
            <Outlet />
          </div>
        </div>
      )}
    </RequireUser>
  );
}
