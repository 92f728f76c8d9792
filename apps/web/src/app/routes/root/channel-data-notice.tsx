import { useT } from '../../../lib/i18n';
import { Button } from '../../../components/ui/button';
import styles from './root-layout.module.css';

export function ChannelDataNotice({ onRetry }: { onRetry: () => void }) {
  const { t } = useT();
  return (
    <div className={styles.notice} role="alert">
      <div className={`page-container ${styles.noticeInner}`}>
        <p>{t('layout:channelDataError')}</p>
        <Button size="s" variant="secondary" onClick={onRetry}>
          {t('common:actions.retry')}
        </Button>
      </div>
    </div>
  );
}
