import type { PageSummary } from '@rudy/contracts';
import type { ReactNode } from 'react';
import { useT } from '../../../lib/i18n';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { LoadError, StatusMessage } from '../../../components/ui/status-message';
import { usePage } from '../api/get-page';
import { PageContent } from './page-content';
import styles from './page-content.module.css';

/**
 * A channel page (about, legal, contacts, custom) fetched by id. `summary` is the bootstrap entry
 * found by url or kind; without one the channel has not written this page.
 */
export function ChannelPageView({
  summary,
  isIndexLoading,
  fallbackTitle,
  children,
  hideMissing = false,
}: {
  summary: PageSummary | undefined;
  isIndexLoading: boolean;
  fallbackTitle: string;
  children?: ReactNode;
  hideMissing?: boolean;
}) {
  const { t, i18n } = useT();
  const query = usePage(summary?.id ?? null);
  const title = query.data?.name ?? summary?.name ?? fallbackTitle;
  const updated = query.data ? new Date(query.data.updated_at) : null;

  let body: ReactNode;
  if (isIndexLoading || (summary && query.isPending)) {
    body = (
      <div className={styles.content} aria-busy="true" aria-label={t('common:states.loading')}>
        <Skeleton height={18} width="92%" />
        <Skeleton height={18} width="85%" />
        <Skeleton height={18} width="60%" />
      </div>
    );
  } else if (!summary) {
    body = hideMissing ? null : (
      <StatusMessage
        title={t('channel:page.missingTitle')}
        description={t('channel:page.missingText')}
      />
    );
  } else if (query.isError || !query.data) {
    body = <LoadError what={title} onRetry={() => void query.refetch()} />;
  } else {
    body = <PageContent content={query.data.content} />;
  }

  return (
    <div className="page-container">
      <title>{title}</title>
      <PageHeader
        title={title}
        subtitle={
          updated && !Number.isNaN(updated.getTime())
            ? t('channel:page.updated', {
                date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(updated),
              })
            : undefined
        }
      />
      {body}
      {children}
    </div>
  );
}
