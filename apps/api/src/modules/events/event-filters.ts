import {
  parseIsoInstant,
  rangeEndExclusive,
  type EventType,
  type EventsQuery,
  type FavoriteEventsQuery,
  type Locale,
  type Participant,
  type SortDirection,
  type SortField,
} from '@rudy/contracts';
import { searchFilterWords } from '../../lib/search-words.js';

/*
 * Turns a validated listing query into what the repository needs: ids and values to match, absolute
 * time bounds, a safe full-text query. Pure, so every rule here is unit-tested without a database.
 */

export interface EventWindow {
  kind: EventType;
  at: Date;
}

/** Conditions that one participant of an event meets together (a school's women's team, ...). */
export interface ParticipantCondition {
  groupId?: number;
  sport?: string;
  league?: string;
  division?: string;
  gender?: NonNullable<Participant['properties']['gender']>;
}

export interface EventFilter {
  categoryId?: number;
  locationId?: number;
  participantId?: number;
  participant?: ParticipantCondition;
  window?: EventWindow;
  startFrom?: Date;
  startBefore?: Date;
  /** The words of the search box (searchFilterWords), never empty. */
  search?: string[];
  favoritesOfUser?: number;
  withClip?: boolean;
}

export interface EventOrder {
  field: SortField;
  direction: SortDirection;
  locale: Locale;
}

export interface PageRequest {
  offset: number;
  limit: number;
}

export interface ResolvedEventQuery {
  filter: EventFilter;
  order: EventOrder;
  page: PageRequest;
  /** The parameters contradict each other (type=upcoming&stream_status=vod): no query needed. */
  matchesNothing: boolean;
}

/** type and stream_status both narrow the clock window; stream_status live = live, vod = finished. */
export function windowKind(
  type: EventType | undefined,
  streamStatus: 'live' | 'vod' | undefined,
): EventType | 'none' | undefined {
  const fromStatus: EventType | undefined =
    streamStatus === undefined ? undefined : streamStatus === 'live' ? 'live' : 'finished';
  if (type && fromStatus && type !== fromStatus) return 'none';
  return type ?? fromStatus;
}

function dateBounds(q: Pick<EventsQuery, 'start_date' | 'end_date'>) {
  const start = q.start_date ? parseIsoInstant(q.start_date) : null;
  const end = q.end_date ? parseIsoInstant(q.end_date) : null;
  return {
    startFrom: start?.at,
    startBefore: end ? rangeEndExclusive(end) : undefined,
  };
}

function participantCondition(q: Partial<EventsQuery>): ParticipantCondition | undefined {
  const condition: ParticipantCondition = {
    groupId: q.group,
    sport: q.sport,
    league: q.league,
    division: q.division,
    gender: q.gender,
  };
  return Object.values(condition).some((v) => v !== undefined) ? condition : undefined;
}

/** Resolves GET /events (and its variants) at the instant `at`, in the caller's language. */
export function resolveEventQuery(
  q: EventsQuery | FavoriteEventsQuery,
  at: Date,
  locale: Locale,
): ResolvedEventQuery {
  const full: Partial<EventsQuery> = q;
  const kind = windowKind(q.type, q.stream_status);
  const filter: EventFilter = {
    categoryId: full.category_id ?? full.event_category_id,
    locationId: full.location_id ?? full.rink,
    participantId: full.team ?? full.participant_id,
    participant: participantCondition(full),
    window: kind && kind !== 'none' ? { kind, at } : undefined,
    ...dateBounds(q),
    search: searchFilterWords(full.search),
  };
  return {
    filter,
    order: { field: q.sort_field, direction: q.sort_direction, locale },
    page: { offset: q.offset, limit: q.limit },
    matchesNothing: kind === 'none',
  };
}
