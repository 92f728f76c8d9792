import type { VodMediaItemsPage } from '@rudy/contracts';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useT } from '../../../lib/i18n';
import { flattenVodPages, useVodItems } from '../api/get-vod-items';
import { useVodSearch } from '../api/search-vod';
import { VodGrid, type VodListState } from './vod-grid';
import styles from './vod-grid.module.css';

type Pages = UseInfiniteQueryResult<InfiniteData<VodMediaItemsPage>>;

function listState(query: Pages): VodListState {
  return {
    items: flattenVodPages(query.data?.pages),
    isLoading: query.isPending,
    isError: query.isError,
    onRetry: () => void query.refetch(),
    hasMore: query.hasNextPage,
    isLoadingMore: query.isFetchingNextPage,
    onMore: () => void query.fetchNextPage(),
  };
}

/**
 * Search results as the viewer types (the route debounces the box): the previous results stay
 * while the next load, and the count is announced.
 */
export function VodSearchResults({
  search,
  categoryId,
}: {
  search: string;
  categoryId: number | null;
}) {
  const { t } = useT();
  const results = useVodSearch({
    search,
    ...(categoryId !== null ? { category_id: categoryId } : {}),
  });
  const total = results.data?.pages[0]?.meta.total;
  return (
    <section aria-labelledby="vod-results" aria-busy={results.isFetching || undefined}>
      <p id="vod-results" className={styles.summary} aria-live="polite">
        {total !== undefined && total > 0
          ? t('library:search.results', { count: total, query: search })
          : null}
      </p>
      <VodGrid
        state={listState(results)}
        what={t('library:search.what')}
        empty={{
          title: t('library:search.empty', { query: search }),
          text: t('library:search.emptyText'),
        }}
      />
    </section>
  );
}

/** Every video of one category, newest first, a page at a time. */
export function VodCategoryItems({ categoryId }: { categoryId: number }) {
  const { t } = useT();
  const items = useVodItems({ category_id: categoryId });
  return (
    <VodGrid
      state={listState(items)}
      what={t('library:category.what')}
      empty={{ title: t('library:category.empty') }}
    />
  );
}
