import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { Button } from './button';
import styles from './status-message.module.css';

/** Empty states and load errors: a short title, what happened, and what the viewer can do. */
export function StatusMessage({
  tone = 'empty',
  title,
  description,
  action,
  compact = false,
}: {
  tone?: 'empty' | 'error' | 'info';
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  compact?: boolean;
}) {
  return (
    <div
      className={`${styles.box} ${styles[tone]} ${compact ? styles.compact : ''}`}
      role={tone === 'error' ? 'alert' : undefined}
    >
      <span className={styles.icon} aria-hidden="true">
        {tone === 'error' ? '!' : tone === 'info' ? 'i' : '○'}
      </span>
      <h2 className={styles.title}>{title}</h2>
      {description ? <p className={styles.description}>{description}</p> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}

export function LoadError({ what, onRetry }: { what: string; onRetry?: () => void }) {
  const { t } = useT();
  return (
    <StatusMessage
      tone="error"
      title={t('common:states.loadErrorTitle', { what })}
      description={t('common:states.loadErrorText')}
      action={
        onRetry ? (
          <Button variant="secondary" size="s" onClick={onRetry}>
            {t('common:actions.retry')}
          </Button>
        ) : undefined
      }
    />
  );
}
