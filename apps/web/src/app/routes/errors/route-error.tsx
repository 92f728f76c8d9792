import { useT } from '../../../lib/i18n';
import { Button } from '../../../components/ui/button';
import styles from './not-found.module.css';

/** Last resort when a screen throws or its code cannot be loaded (e.g. after a deploy). */
export function RouteError() {
  const { t } = useT();
  return (
    <div className={styles.page} role="alert">
      <p className={styles.hmm}>{t('errors:routeError.title')}</p>
      <p className={styles.lost}>{t('errors:generic')}</p>
      <div className={styles.actions}>
        <Button onClick={() => window.location.reload()}>{t('common:actions.reload')}</Button>
        <a href="/" className={styles.home}>
          {t('common:actions.backHome')}
        </a>
      </div>
    </div>
  );
}
