import { useT } from '../../../lib/i18n';
import { Skeleton } from '../../../components/ui/skeleton';
import { LoadError, StatusMessage } from '../../../components/ui/status-message';
import { useFaq } from '../api/get-faq';
import { PageContent } from './page-content';
import styles from './faq-list.module.css';

export function FaqList() {
  const { t } = useT();
  const query = useFaq();

  if (query.isPending) {
    return (
      <div className={styles.list} aria-busy="true" aria-label={t('common:states.loading')}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={58} radius={12} />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return <LoadError what={t('channel:faq.title')} onRetry={() => void query.refetch()} />;
  }
  if (query.data.length === 0) return <StatusMessage title={t('channel:faq.empty')} />;

  const items = [...query.data].sort((a, b) => a.position - b.position);
  return (
    <section className={styles.list} aria-label={t('channel:faq.title')}>
      {items.map((item) => (
        <details key={item.id} className={styles.item}>
          <summary className={styles.question}>{item.question}</summary>
          <div className={styles.answer}>
            <PageContent content={item.answer} />
          </div>
        </details>
      ))}
    </section>
  );
}
