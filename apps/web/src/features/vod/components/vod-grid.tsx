import type { VodMediaItem } from '@rudy/contracts';
import { Button } from '../../../components/ui/button';
import { LoadError, StatusMessage } from '../../../components/ui/status-message';
import { useT } from '../../../lib/i18n';
import { VodCard, VodCardSkeleton } from './vod-card';
import styles from './vod-grid.module.css';

export interface VodListState {
  items: VodMediaItem[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  hasMore: boolean;
  isLoadingMore: boolean;
  onMore: () => void;
}

/** Library videos in a grid (search results, a category), a page at a time. */
export function VodGrid({
  state,
  what,
  empty,
}: {
  state: VodListState;
  /** Names the list in a load error ("the search results"). */
  what: string;
  empty: { title: string; text?: string };
}) {
  const { t } = useT();
  if (state.isLoading) {
    return (
      <ul className={styles.grid} aria-busy="true" aria-label={t('common:states.loading')}>
        {[0, 1, 2, 3].map((i) => (
          <li key={i}>
            <VodCardSkeleton />
          </li>
        ))}
      </ul>
    );
  }
  if (!state.items) {
    return state.isError ? <LoadError what={what} onRetry={state.onRetry} /> : null;
  }
  if (state.items.length === 0) {
    return <StatusMessage title={empty.title} description={empty.text} />;
  }
  return (
    <>
      <ul className={styles.grid}>
        {state.items.map((item) => (
          <li key={item.id}>
            <VodCard item={item} />
          </li>
        ))}
      </ul>
      {state.hasMore ? (
        <div className={styles.more}>
          <Button variant="secondary" onClick={state.onMore} disabled={state.isLoadingMore}>
            {t('library:vodLibrary.more')}
          </Button>
        </div>
      ) : null}
    </>
  );
}
