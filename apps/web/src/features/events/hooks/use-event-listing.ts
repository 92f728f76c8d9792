import type { Event, HomepageEvents } from '@rudy/contracts';
import { useState } from 'react';
import { STORAGE_KEYS, getItem, setItem } from '../../../lib/storage';
import { useHomepageEvents } from '../api/get-homepage-events';

export type ListingKind = 'live' | 'upcoming' | 'vod' | 'schedule';

/** Which part of the home page feed each listing shows; the schedule shows every event. */
export function selectListing(data: HomepageEvents, kind: ListingKind): Event[] {
  switch (kind) {
    case 'live':
      return data.live;
    case 'upcoming':
      return data.upcoming;
    case 'vod':
      return data.recent;
    case 'schedule': {
      const seen = new Set<number>();
      return [...data.live, ...data.upcoming, ...data.recent]
        .filter((event) => (seen.has(event.id) ? false : (seen.add(event.id), true)))
        .sort((a, b) => Date.parse(a.event_utc_ts) - Date.parse(b.event_utc_ts));
    }
  }
}

export interface ListingFilter {
  categoryId: number | null;
  /** a participant (team) id, from the `team` query parameter */
  teamId: number | null;
}

export function filterEvents(events: Event[], { categoryId, teamId }: ListingFilter) {
  return events.filter(
    (e) =>
      (categoryId === null || e.event_category_id === categoryId) &&
      (teamId === null || e.participants.some((p) => p.id === teamId)),
  );
}

export function useEventListing(kind: ListingKind, filter: ListingFilter) {
  const query = useHomepageEvents();
  const events = query.data ? filterEvents(selectListing(query.data, kind), filter) : undefined;
  return {
    events,
    isLoading: query.isPending,
    isError: query.isError,
    onRetry: () => void query.refetch(),
  };
}

export type EventsView = 'grid' | 'list';

/** The visitor's stored choice, else the listing's own default (the schedule reads best as a list). */
export function useEventsView(fallback: EventsView) {
  const [view, setView] = useState<EventsView>(() => getItem(STORAGE_KEYS.eventsView) ?? fallback);
  const change = (next: EventsView) => {
    setItem(STORAGE_KEYS.eventsView, next);
    setView(next);
  };
  return [view, change] as const;
}
