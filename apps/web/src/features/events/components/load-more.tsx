import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';
import type { PagedEvents } from '../lib/paged-events';
import styles from './load-more.module.css';
import '../../../locales/listings';

/**
 * The foot of a paged list: how many games are shown out of how many, and the next page. The next
 * page also loads by itself when the foot scrolls into view (infinite scroll); the button stays
 * for keyboards, and for browsers without IntersectionObserver.
 */
export function LoadMore({ state }: { state: PagedEvents }) {
  const { t } = useT();
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasMore, isLoadingMore, isLoadMoreError, loadMore } = state;
  const shouldWatch = hasMore && !isLoadingMore && !isLoadMoreError;

  useEffect(() => {
    const node = sentinel.current;
    if (!shouldWatch || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [shouldWatch, loadMore]);

  const shown = state.events?.length ?? 0;
  if (!shown) return null;
  return (
    <div className={styles.foot} ref={sentinel}>
      <p className={styles.count} aria-live="polite">
        {t('listings:pager.count', { shown, total: Math.max(state.total ?? shown, shown) })}
      </p>
      {isLoadMoreError ? (
        <p className={styles.error} role="alert">
          {t('listings:pager.error')}
        </p>
      ) : null}
      {hasMore ? (
        <Button variant="secondary" onClick={loadMore} disabled={isLoadingMore}>
          {isLoadingMore
            ? t('listings:pager.loading')
            : isLoadMoreError
              ? t('common:actions.retry')
              : t('listings:pager.more')}
        </Button>
      ) : null}
    </div>
  );
}
