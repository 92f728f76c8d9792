import type { CSSProperties, ReactNode } from 'react';
import styles from './player.module.css';

/** What stands in the video frame when there is no video to show: a title, a line, actions. */
export function PlayerMessage({
  title,
  text,
  actions,
  posterUrl,
  isBusy = false,
  tone = 'status',
}: {
  title: string;
  text?: string | undefined;
  actions?: ReactNode;
  posterUrl?: string | null | undefined;
  isBusy?: boolean;
  tone?: 'status' | 'alert';
}) {
  const poster = posterUrl ? ({ '--poster': `url("${posterUrl}")` } as CSSProperties) : undefined;
  return (
    <div className={styles.message} style={poster} role={tone} aria-busy={isBusy || undefined}>
      {isBusy ? <span className={styles.spinner} aria-hidden="true" /> : null}
      <p className={styles.messageTitle}>{title}</p>
      {text ? <p className={styles.messageText}>{text}</p> : null}
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </div>
  );
}
