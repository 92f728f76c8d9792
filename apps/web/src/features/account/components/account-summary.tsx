import type { Profile } from '@rudy/contracts';
import type { ReactNode } from 'react';
import styles from './account-summary.module.css';

/** The account page's header: who is signed in, their email's state, and what they can do. */
export function AccountSummary({
  user,
  verification,
  actions,
}: {
  user: Profile;
  verification?: ReactNode;
  actions?: ReactNode;
}) {
  const name = `${user.first_name} ${user.last_name}`.trim();
  const initials = `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase() || '•';
  return (
    <header className={styles.summary}>
      <span className={styles.avatar} aria-hidden="true">
        {initials}
      </span>
      <div className={styles.who}>
        <h1 className={styles.name}>{name}</h1>
        <p className={styles.email}>{user.email}</p>
        {verification}
      </div>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </header>
  );
}
