import type { Event } from '@rudy/contracts';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { EventsPage } from '@rudy/contracts';
import { flattenPages } from '../api/get-events';

/** What a paged list of games shows: the cards so far, how many exist, and how to get more. */
export interface PagedEvents {
  events: Event[] | undefined;
  total: number | null;
  isLoading: boolean;
  /** the first page failed: nothing to show */
  isError: boolean;
  hasMore: boolean;
  isLoadingMore: boolean;
  /** a later page failed: the cards stay, the pager says so */
  isLoadMoreError: boolean;
  loadMore: () => void;
  retry: () => void;
}

export function pagedEvents(query: UseInfiniteQueryResult<InfiniteData<EventsPage>>): PagedEvents {
  const pages = query.data?.pages;
  return {
    events: flattenPages(pages),
    total: pages?.at(-1)?.meta.total ?? null,
    isLoading: query.isPending,
    isError: query.isError && !pages?.length,
    hasMore: query.hasNextPage,
    isLoadingMore: query.isFetchingNextPage,
    isLoadMoreError: query.isFetchNextPageError,
    loadMore: () => {
      if (!query.isFetching) void query.fetchNextPage();
    },
    retry: () => void (pages?.length ? query.fetchNextPage() : query.refetch()),
  };
}
