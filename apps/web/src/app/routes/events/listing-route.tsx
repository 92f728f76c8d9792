import type { LoaderFunctionArgs } from 'react-router';
import { bootstrapQueryOptions } from '../../../features/channel/api/get-bootstrap';
import { eventsQueryOptions } from '../../../features/events/api/get-events';
import { EventListing } from '../../../features/events/components/event-listing';
import { listingRequest, type ListingKind } from '../../../features/events/lib/events-query';
import { readFilters, readView } from '../../../features/events/lib/listing-params';
import { participantsQueryOptions } from '../../../features/participants/api/get-participants';
import { queryClient } from '../../../lib/query-client';
import { takeStartupListing } from '../../../lib/startup-data';
import { TeamFavorites } from '../favorites/team-favorites';
import { ListingBanner } from './listing-banner';
import { VIEWER_TIME_ZONE, useListingData } from './use-listing-data';

function EventListingRoute({ kind }: { kind: ListingKind }) {
  const { data, timeZone, isTeamsPending } = useListingData();
  return (
    <TeamFavorites>
      <EventListing
        kind={kind}
        data={data}
        timeZone={timeZone}
        banner={<ListingBanner kind={kind} data={data} isTeamsPending={isTeamsPending} />}
      />
    </TeamFavorites>
  );
}

/** The four listings differ only in which events they show; each route module is one line. */
export function listingRoute(kind: ListingKind) {
  return {
    loader: ({ request }: LoaderFunctionArgs) => {
      // Started here so the data loads while the route's code does; errors surface in the screen.
      const params = new URL(request.url).searchParams;
      const timeZone =
        queryClient.getQueryData(bootstrapQueryOptions().queryKey)?.settings.time_zone ??
        VIEWER_TIME_ZONE;
      const filters = readFilters(params);
      if (readView(params) !== 'calendar') {
        const query = eventsQueryOptions(listingRequest(kind, filters, timeZone));
        // The first page the server sent with the page, for the listing's plain address.
        const sent = params.size === 0 ? takeStartupListing(kind) : null;
        if (sent) {
          const data = { pages: [sent.page], pageParams: [0] };
          queryClient.setQueryData(query.queryKey, data, { updatedAt: sent.updatedAt });
        }
        void queryClient.infiniteQuery(query).catch(() => undefined);
      }
      // The teams name the banner of a team's or a school's games; otherwise they load with the
      // screen (its filters), not in front of it.
      if (filters.team !== null || filters.group !== null) {
        void queryClient.query(participantsQueryOptions()).catch(() => undefined);
      }
      return null;
    },
    Component: () => <EventListingRoute kind={kind} />,
  };
}
