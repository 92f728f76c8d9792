import type { ReactNode } from 'react';
import { useT } from '../../../lib/i18n';
import styles from './clip-panel.module.css';
import '../../../locales/clips';

/** The clip tool's panel under the player: its title, the close button, and what it holds. */
export function ClipToolFrame({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const { t } = useT();
  return (
    <div className={styles.panel}>
      <div className={styles.header}>
        <h2 className={styles.title}>{t('clips:tool.title')}</h2>
        <button
          type="button"
          className={styles.close}
          onClick={onClose}
          aria-label={t('clips:tool.close')}
        >
          ×
        </button>
      </div>
      {children}
    </div>
  );
}
