import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';
import { eventsQueryOptions, flattenPages, useEvents } from '../api/get-events';
import {
  earlierRequest,
  listingRequest,
  opensOnToday,
  todayIn,
  type ListingKind,
} from '../lib/events-query';
import { activeFilterNames, type ListingFilters } from '../lib/listing-params';
import { pagedEvents, type PagedEvents } from '../lib/paged-events';
import styles from './event-results.module.css';
import { PagedEventList } from './paged-event-list';
import '../../../locales/listings';

/** Scrolls to the first day from today on and puts the focus on its heading. */
function jumpToToday(today: string) {
  const days = document.querySelectorAll<HTMLElement>('section[data-day]');
  const target = [...days].find((day) => (day.dataset.day ?? '') >= today) ?? days[days.length - 1];
  const heading = target?.querySelector<HTMLElement>('h2');
  heading?.focus({ preventScroll: true });
  heading?.scrollIntoView({ block: 'start' });
}

/** The games of a listing as a grid or list, page after page. */
export function EventResults({
  kind,
  filters,
  timeZone,
  layout,
  locations,
  onClearFilters,
}: {
  kind: ListingKind;
  filters: ListingFilters;
  timeZone: string;
  layout: 'grid' | 'list';
  locations: ReadonlyMap<number, string>;
  onClearFilters: () => void;
}) {
  const { t } = useT();
  const today = todayIn(timeZone);
  const query = useEvents(listingRequest(kind, filters, timeZone, today));
  const splitsAtToday = opensOnToday(kind, filters);
  // The games before today load only when asked for, a page at a time, above today's.
  const [wantsEarlier, setWantsEarlier] = useState(false);
  const earlier = useInfiniteQuery({
    ...eventsQueryOptions(earlierRequest(filters, timeZone, today)),
    enabled: splitsAtToday && wantsEarlier,
  });
  const isFiltered = activeFilterNames(filters).length > 0;
  const empty = isFiltered
    ? {
        title: t('listings:listing.emptyFiltered'),
        description: t('listings:listing.emptyFilteredHint'),
        action: (
          <Button variant="secondary" size="s" onClick={onClearFilters}>
            {t('listings:filters.clear')}
          </Button>
        ),
      }
    : { title: t(`listings:listing.${kind}.empty`) };

  const fromToday = pagedEvents(query);
  const earlierEvents = flattenPages(earlier.data?.pages)?.toReversed() ?? [];
  const earlierTotal = earlier.data?.pages.at(-1)?.meta.total ?? 0;
  const state: PagedEvents =
    splitsAtToday && earlierEvents.length > 0 && fromToday.events
      ? {
          ...fromToday,
          events: [...earlierEvents, ...fromToday.events],
          total: (fromToday.total ?? 0) + earlierTotal,
        }
      : fromToday;
  const hasEarlier = !wantsEarlier || earlier.hasNextPage;

  return (
    <>
      {splitsAtToday && !fromToday.isLoading && !fromToday.isError ? (
        <div className={styles.todayBar}>
          {hasEarlier ? (
            <Button
              variant="secondary"
              size="s"
              disabled={earlier.isFetching}
              onClick={() => (wantsEarlier ? void earlier.fetchNextPage() : setWantsEarlier(true))}
            >
              {earlier.isFetching
                ? t('listings:pager.loading')
                : earlier.isError
                  ? t('listings:schedule.earlierError')
                  : t('listings:schedule.earlier')}
            </Button>
          ) : (
            <span className={styles.note}>{t('listings:schedule.noEarlier')}</span>
          )}
          <Button variant="secondary" size="s" onClick={() => jumpToToday(today)}>
            {t('listings:schedule.today')}
          </Button>
        </div>
      ) : null}
      <PagedEventList
        state={state}
        error={query.error}
        what={t(`listings:listing.${kind}.title`)}
        layout={layout}
        groupByDay={kind === 'schedule'}
        locations={locations}
        empty={empty}
        onClearFilters={isFiltered ? onClearFilters : undefined}
      />
    </>
  );
}
