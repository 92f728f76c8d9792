import { useT } from '../../../lib/i18n';
import { NavLink, Outlet } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import styles from './profile.module.css';

const TABS = [
  { to: '/profile', key: 'orders', end: true },
  { to: '/profile/transactions', key: 'transactions', end: false },
  { to: '/profile/clips', key: 'clips', end: false },
  { to: '/profile/passes', key: 'passes', end: false },
] as const;

export function Component() {
  const { t } = useT();
  return (
    <div className="page-container">
      <title>{t('account:profile.title')}</title>
      <PageHeader title={t('account:profile.title')} subtitle={t('account:profile.subtitle')} />
      <nav className={styles.tabs} aria-label={t('account:profile.sections')}>
        {TABS.map((tab) => (
          <NavLink key={tab.key} to={tab.to} end={tab.end} className={styles.tab}>
            {t(`account:tabs.${tab.key}`)}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
