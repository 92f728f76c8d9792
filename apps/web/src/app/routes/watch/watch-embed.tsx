import { useT } from '../../../lib/i18n';
import { numericIdLoader } from '../../route-guards';
import styles from './watch-embed.module.css';

export const loader = numericIdLoader;

/** The embedded player fills its frame; it has no site chrome. */
export function Component() {
  const { t } = useT();
  return (
    <div className={styles.frame}>
      <title>{t('watch:embed.title')}</title>
      <div className={styles.message} role="status">
        <p className={styles.title}>{t('watch:embed.unavailable')}</p>
        <p className={styles.text}>{t('common:unavailable.text')}</p>
      </div>
    </div>
  );
}
