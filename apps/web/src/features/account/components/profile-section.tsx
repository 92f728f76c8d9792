import type { ReactNode } from 'react';
import styles from './profile-edit.module.css';

/** One titled block of the profile edit page (details, password, deletion). */
export function ProfileSection({
  id,
  title,
  text,
  isDanger = false,
  children,
}: {
  id: string;
  title: string;
  text?: ReactNode;
  isDanger?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      className={`${styles.section} ${isDanger ? styles.danger : ''}`}
      aria-labelledby={`${id}-title`}
    >
      <header className={styles.sectionHeader}>
        <h2 id={`${id}-title`} className={styles.sectionTitle}>
          {title}
        </h2>
        {text ? <p className={styles.sectionText}>{text}</p> : null}
      </header>
      {children}
    </section>
  );
}
