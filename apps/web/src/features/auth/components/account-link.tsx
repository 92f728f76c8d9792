import type { Profile } from '@rudy/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useT } from '../../../lib/i18n';
import { useProfile } from '../api/get-profile';
import { useSessionEnder } from '../hooks/session-end';
import { useSignOut } from '../hooks/use-sign-out';
import styles from './account-link.module.css';

/** The header's account corner: "Log in" for visitors, the account menu once signed in. */
export function AccountLink() {
  const { t } = useT();
  const { data: user } = useProfile();
  useSessionEnder();
  if (user) return <AccountMenu user={user} />;
  return (
    <Link to="/login" className={styles.login}>
      {t('auth:account.login')}
    </Link>
  );
}

function AccountMenu({ user }: { user: Profile }) {
  const { t } = useT();
  const { pathname } = useLocation();
  const { signOut, isPending } = useSignOut();
  // The menu belongs to the page it was opened on, so following one of its links closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const isOpen = openOn === pathname;
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const initials = `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase() || '•';

  useEffect(() => {
    if (!isOpen) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !root.current?.contains(event.target as Node)
      ) {
        setOpenOn(null);
      }
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [isOpen]);

  return (
    <div className={styles.menu} ref={root}>
      <button
        type="button"
        className={styles.trigger}
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setOpenOn(isOpen ? null : pathname)}
      >
        {/* The name is hidden text, not aria-label: the initials shown are not part of it. */}
        <span className={styles.avatar} aria-hidden="true">
          {initials}
        </span>
        <span className="visually-hidden">
          {t('auth:account.menu', { name: `${user.first_name} ${user.last_name}`.trim() })}
        </span>
      </button>
      {isOpen ? (
        <div id={panelId} className={styles.panel}>
          <div className={styles.who}>
            <p className={styles.name}>{`${user.first_name} ${user.last_name}`.trim()}</p>
            <p className={styles.email}>{user.email}</p>
          </div>
          <ul className={styles.items}>
            <li>
              <Link to="/profile" className={styles.item}>
                {t('auth:account.profile')}
              </Link>
            </li>
            <li>
              <Link to="/favorites" className={styles.item}>
                {t('auth:account.favorites')}
              </Link>
            </li>
            <li>
              <Link to="/profile/passes" className={styles.item}>
                {t('auth:account.passes')}
              </Link>
            </li>
            <li>
              <Link to="/profile/edit" className={styles.item}>
                {t('auth:account.edit')}
              </Link>
            </li>
            <li>
              <button
                type="button"
                className={styles.item}
                disabled={isPending}
                onClick={() => void signOut()}
              >
                {t('auth:account.logout')}
              </button>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  );
}
