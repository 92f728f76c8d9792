import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/ui/page-header';
import { useT } from '../../../lib/i18n';
import { useListingFilters } from '../hooks/use-listing-filters';
import { useListingView } from '../hooks/use-listing-view';
import type { ListingData } from '../lib/listing-data';
import { locationNames } from '../lib/event-display';
import type { ListingKind } from '../lib/events-query';
import { activeFilterNames } from '../lib/listing-params';
import { EventCalendar } from './event-calendar';
import { EventResults } from './event-results';
import { ListingFilters } from './listing-filters';
import { ListingTabs } from './listing-tabs';
import { ViewToggle } from './view-toggle';
import '../../../locales/listings';

/** A listing screen: title, view switch, filters, then the games as grid, list or calendar. */
export function EventListing({
  kind,
  data,
  timeZone,
  banner,
}: {
  kind: ListingKind;
  data: ListingData;
  timeZone: string;
  /** the team, school or sport the listing is narrowed to, when there is one */
  banner?: ReactNode;
}) {
  const { t } = useT();
  const { filters, clearFilters } = useListingFilters();
  const [view, setView] = useListingView(kind === 'schedule' ? 'list' : 'grid');
  const title = t(`listings:listing.${kind}.title`);
  const locations = locationNames(data.locations);

  return (
    <div className="page-container">
      <title>{title}</title>
      {banner}
      {activeFilterNames(filters).length > 0 ? <ListingTabs /> : null}
      <PageHeader
        title={title}
        subtitle={t(`listings:listing.${kind}.subtitle`)}
        actions={<ViewToggle view={view} onChange={setView} />}
      />
      <ListingFilters data={data} showDates={view !== 'calendar'} />
      {view === 'calendar' ? (
        <EventCalendar kind={kind} filters={filters} timeZone={timeZone} locations={locations} />
      ) : (
        <EventResults
          kind={kind}
          filters={filters}
          timeZone={timeZone}
          layout={view}
          locations={locations}
          onClearFilters={clearFilters}
        />
      )}
    </div>
  );
}
