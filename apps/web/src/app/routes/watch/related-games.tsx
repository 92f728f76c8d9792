import type { Event } from '@rudy/contracts';
import { flattenPages, useEvents } from '../../../features/events/api/get-events';
import { EventRail } from '../../../features/events/components/event-rail';
import { matchSides } from '../../../features/events/lib/event-display';
import type { EventsRequest } from '../../../features/events/lib/events-query';
import { useT } from '../../../lib/i18n';

/** A watch page lists this many other games. */
const RELATED_COUNT = 8;

/** Other games of the home team (else of the same sport), newest first. */
export function relatedRequest(event: Event): EventsRequest {
  const home = matchSides(event)?.home ?? event.participants[0];
  return {
    ...(home ? { team: home.id } : {}),
    ...(event.event_category_id !== null ? { category_id: event.event_category_id } : {}),
    sort_field: 'date',
    sort_direction: 'desc',
  };
}

export function RelatedGames({
  event,
  locations,
}: {
  event: Event;
  locations: ReadonlyMap<number, string>;
}) {
  const { t } = useT();
  const related = useEvents(relatedRequest(event));
  const events = flattenPages(related.data?.pages)
    ?.filter((e) => e.id !== event.id)
    .slice(0, RELATED_COUNT);
  return (
    <EventRail
      id="related"
      title={t('watch:watch.related')}
      emptyText={t('watch:watch.relatedEmpty')}
      locations={locations}
      state={{
        events,
        isLoading: related.isPending,
        isError: related.isError,
        onRetry: () => void related.refetch(),
      }}
    />
  );
}
