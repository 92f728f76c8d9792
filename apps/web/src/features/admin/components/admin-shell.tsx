import { useEffect, useRef, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import '../../../locales/admin';
import { LanguageSwitcher } from '../../../components/ui/language-switcher';
import { ButtonLink } from '../../../components/ui/button';
import { LoadError, StatusMessage } from '../../../components/ui/status-message';
import { Skeleton } from '../../../components/ui/skeleton';
import { isApiError } from '../../../lib/api-error';
import { useT } from '../../../lib/i18n';
import { useAdminMe } from '../api/get-admin-me';
import styles from './admin-shell.module.css';

/** The console's sections. */
const SECTIONS = [
  { to: '/admin', key: 'analytics', end: true },
  { to: '/admin/games', key: 'games', end: false },
  { to: '/admin/media', key: 'media', end: false },
  { to: '/admin/teams', key: 'teams', end: false },
  { to: '/admin/reference-data', key: 'referenceData', end: false },
  { to: '/admin/commerce', key: 'commerce', end: false },
  { to: '/admin/revenue', key: 'revenue', end: false },
  { to: '/admin/announcements', key: 'announcements', end: false },
  { to: '/admin/branding', key: 'branding', end: false },
  { to: '/admin/site-content', key: 'siteContent', end: false },
  { to: '/admin/people', key: 'people', end: false },
  { to: '/admin/audit', key: 'audit', end: false },
] as const;

/**
 * The channel console's frame: who is signed in, the sections, the language, a way back to the
 * site. Only the channel's admins get past it (the server decides: a 403 shows why not).
 */
export function AdminShell({
  userId,
  children,
}: {
  userId: number;
  children: (me: NonNullable<ReturnType<typeof useAdminMe>['data']>) => ReactNode;
}) {
  const { t } = useT();
  const me = useAdminMe(userId);
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On a phone the sections scroll sideways: the current one is kept in view.
  useEffect(() => {
    const current = nav.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (current && nav.current && nav.current.scrollWidth > nav.current.clientWidth) {
      current.scrollIntoView({ block: 'nearest', inline: 'center' });
    }
  }, [pathname]);

  let content: ReactNode;
  if (me.data) content = children(me.data);
  else if (isApiError(me.error) && (me.error.status === 403 || me.error.status === 401)) {
    content = (
      <StatusMessage
        tone="info"
        title={t('admin:shell.forbiddenTitle')}
        description={t('admin:shell.forbiddenText')}
        action={
          <ButtonLink to="/" variant="secondary" size="s">
            {t('admin:shell.backToSite')}
          </ButtonLink>
        }
      />
    );
  } else if (me.isError) {
    content = <LoadError what={t('admin:shell.loadError')} onRetry={() => void me.refetch()} />;
  } else {
    content = <Skeleton height={320} radius="var(--radius-m)" />;
  }

  return (
    <div className={styles.shell}>
      <header className={styles.bar}>
        <div className={styles.brand}>
          <span className={styles.channel}>{me.data?.channel.name ?? t('admin:shell.title')}</span>
          <span className={styles.badge}>{t('admin:shell.badge')}</span>
        </div>
        <nav ref={nav} className={styles.nav} aria-label={t('admin:shell.nav.label')}>
          {SECTIONS.map((s) => (
            <NavLink
              key={s.key}
              to={s.to}
              end={s.end}
              className={({ isActive }) => `${styles.navLink} ${isActive ? styles.active : ''}`}
            >
              {t(`admin:shell.nav.${s.key}`)}
            </NavLink>
          ))}
        </nav>
        <div className={styles.tools}>
          {me.data ? (
            <span className={styles.user}>
              {t('admin:shell.signedInAs', { email: me.data.user.email })}
            </span>
          ) : null}
          <LanguageSwitcher />
          <Link to="/" className={styles.back}>
            {t('admin:shell.backToSite')}
          </Link>
        </div>
      </header>
      <main id="main" className={styles.main}>
        {content}
      </main>
    </div>
  );
}
