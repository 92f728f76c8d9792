import type { ReactNode } from 'react';
import styles from './form.module.css';

/**
 * A message about the whole form (a refused sign-in, a sent link). Errors are alerts so screen
 * readers announce them as they appear; the others are polite status messages.
 */
export function FormAlert({
  tone,
  title,
  children,
}: {
  tone: 'error' | 'success' | 'info';
  title?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className={styles.alert} data-tone={tone} role={tone === 'error' ? 'alert' : 'status'}>
      <span className={styles.alertIcon} aria-hidden="true">
        {tone === 'error' ? '!' : tone === 'success' ? '✓' : 'i'}
      </span>
      <div className={styles.alertBody}>
        {title ? <p className={styles.alertTitle}>{title}</p> : null}
        {children ? <div>{children}</div> : null}
      </div>
    </div>
  );
}
