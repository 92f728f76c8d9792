import type { ReactNode } from 'react';
import styles from './auth-card.module.css';

/** The centred card every sign-in, sign-up and recovery screen sits in. */
export function AuthCard({
  title,
  subtitle,
  icon,
  footer,
  isWide = false,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  icon?: ReactNode;
  footer?: ReactNode;
  isWide?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className={styles.page}>
      <title>{title}</title>
      <section
        className={`${styles.card} ${isWide ? styles.wide : ''}`}
        aria-labelledby="auth-title"
      >
        <header className={styles.header}>
          {icon ? (
            <span className={styles.icon} aria-hidden="true">
              {icon}
            </span>
          ) : null}
          <h1 id="auth-title" className={styles.title}>
            {title}
          </h1>
          {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
        </header>
        <div className={styles.body}>{children}</div>
        {footer ? <footer className={styles.footer}>{footer}</footer> : null}
      </section>
    </div>
  );
}

export function AuthDivider({ label }: { label: string }) {
  return <p className={styles.divider}>{label}</p>;
}
