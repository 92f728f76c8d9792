import type { ReactNode } from 'react';
import { StatusMessage } from '../../../components/ui/status-message';
import { useT } from '../../../lib/i18n';
import type { PagedEvents } from '../lib/paged-events';
import { EventCardSkeleton } from './event-card-skeleton';
import { EventGrid } from './event-grid';
import gridStyles from './event-grid.module.css';
import { ListingError } from './listing-error';
import { LoadMore } from './load-more';

/** Games read page by page: skeletons first, then the cards, an empty state, or what went wrong. */
export function PagedEventList({
  state,
  error,
  what,
  layout,
  groupByDay = false,
  locations,
  empty,
  onClearFilters,
  headingLevel,
}: {
  state: PagedEvents;
  error: unknown;
  /** what the list is, for the error title ("Upcoming games could not be loaded") */
  what: string;
  layout: 'grid' | 'list';
  groupByDay?: boolean;
  locations: ReadonlyMap<number, string>;
  empty: { title: string; description?: string | undefined; action?: ReactNode };
  onClearFilters?: (() => void) | undefined;
  /** See EventGrid: 2 under a page's h1 (the default), 3 under a section's h2. */
  headingLevel?: 2 | 3;
}) {
  const { t } = useT();
  if (state.isLoading) {
    return (
      <ul
        className={`${gridStyles.grid} ${layout === 'list' ? gridStyles.list : ''}`}
        aria-busy="true"
        aria-label={t('common:states.loading')}
      >
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <li key={i}>
            <EventCardSkeleton />
          </li>
        ))}
      </ul>
    );
  }
  if (state.isError) {
    return (
      <ListingError
        what={what}
        error={error}
        onRetry={state.retry}
        onClearFilters={onClearFilters}
      />
    );
  }
  if (!state.events?.length) {
    return (
      <StatusMessage title={empty.title} description={empty.description} action={empty.action} />
    );
  }
  return (
    <>
      <EventGrid
        events={state.events}
        layout={layout}
        groupByDay={groupByDay}
        locations={locations}
        headingLevel={headingLevel}
      />
      <LoadMore state={state} />
    </>
  );
}
