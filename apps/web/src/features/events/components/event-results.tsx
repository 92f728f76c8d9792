import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';
import { useEvents } from '../api/get-events';
import { listingRequest, type ListingKind } from '../lib/events-query';
import { activeFilterNames, type ListingFilters } from '../lib/listing-params';
import { pagedEvents } from '../lib/paged-events';
import { PagedEventList } from './paged-event-list';

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
  const query = useEvents(listingRequest(kind, filters, timeZone));
  const isFiltered = activeFilterNames(filters).length > 0;
  const empty = isFiltered
    ? {
        title: t('events:listing.emptyFiltered'),
        description: t('events:listing.emptyFilteredHint'),
        action: (
          <Button variant="secondary" size="s" onClick={onClearFilters}>
            {t('events:filters.clear')}
          </Button>
        ),
      }
    : { title: t(`events:listing.${kind}.empty`) };

  return (
    <PagedEventList
      state={pagedEvents(query)}
      error={query.error}
      what={t(`events:listing.${kind}.title`)}
      layout={layout}
      groupByDay={kind === 'schedule'}
      locations={locations}
      empty={empty}
      onClearFilters={isFiltered ? onClearFilters : undefined}
    />
  );
}
