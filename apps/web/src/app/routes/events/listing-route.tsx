import { useBootstrap } from '../../../features/channel/api/get-bootstrap';
import { homepageEventsQueryOptions } from '../../../features/events/api/get-homepage-events';
import { EventListing } from '../../../features/events/components/event-listing';
import type { ListingKind } from '../../../features/events/hooks/use-event-listing';
import { locationNames } from '../../../features/events/lib/event-display';
import { queryClient } from '../../../lib/query-client';

function EventListingRoute({ kind }: { kind: ListingKind }) {
  const { data } = useBootstrap();
  return (
    <EventListing
      kind={kind}
      categories={data?.['events-categories'] ?? []}
      locations={locationNames(data?.['events-locations'])}
    />
  );
}

/** The four listings differ only in which events they show; each route module is one line. */
export function listingRoute(kind: ListingKind) {
  return {
    loader: () => {
      // Started here so the data loads while the route's code does; errors surface in the screen.
      void queryClient.query(homepageEventsQueryOptions()).catch(() => undefined);
      return null;
    },
    Component: () => <EventListingRoute kind={kind} />,
  };
}
