import type {
  Event,
  EventParticipant,
  EventsPage,
  EventsQuery,
  FavoriteEventsQuery,
  HomepageEvents,
  Locale,
} from '@rudy/contracts';
import { HttpError, notFound } from '../../lib/http-error.js';
import { pickNullableText, pickText } from '../../lib/i18n-text.js';
import { RefreshingCache } from '../../lib/refreshing-cache.js';
import { displayName, eventType, hasAccess, streamStatus } from './event-rules.js';
import { resolveEventQuery, type EventFilter, type EventOrder } from './event-filters.js';
import type { EventRow, EventsRepository } from './events.repository.js';
import { playableMedia } from './stream-state.js';

const HOMEPAGE_RAIL_SIZE = 12;
/** Bounds memory: a page with the demo's inline images weighs up to ~60 KB. */
const CACHE_MAX_PAGES = 500;
/** An event's document is a few KB (inline images included); the bound covers a big channel. */
const CACHE_MAX_EVENTS = 2_000;

/** Which events a user's purchases cover (commerce/entitlements.ts). */
export interface EventEntitlements {
  purchasedEventIds(
    channelId: number,
    userId: number | null,
    eventIds: number[],
  ): Promise<Set<number>>;
}

export interface EventsServiceOptions {
  /** How long a public listing page is served from memory; 0 turns the cache off. */
  cacheMs?: number;
  entitlements?: EventEntitlements;
}

export interface Viewer {
  channelId: number;
  userId: number | null;
  locale: Locale;
}

/**
 * Listings are read far more often than events change, by visitors who mostly send the same few
 * filters. A public page (everything but the favourites listing) is therefore kept serialised for a
 * few seconds, per channel, language, signed-in or not, and query. Types, stream statuses and media
 * readiness in it are those of the moment it was built. Signed-in viewers' has_access follows their own purchases, so
 * for them only the rows are shared (same lifetime) and each request adds one entitlement lookup.
 * One event (GET /events/{id}) is cached the same way: its document for visitors, its row for
 * signed-in viewers. Every cache builds a key once however many callers ask for it together.
 */
interface RowsPage {
  rows: EventRow[];
  meta: EventsPage['meta'];
}

export function createEventsService(
  repo: EventsRepository,
  now: () => Date = () => new Date(),
  options: EventsServiceOptions = {},
) {
  const cacheMs = options.cacheMs ?? 0;
  const clock = () => now().getTime();
  const pages = new RefreshingCache<string, Buffer>(cacheMs, CACHE_MAX_PAGES, clock);
  const rowPages = new RefreshingCache<string, RowsPage>(cacheMs, CACHE_MAX_PAGES, clock);
  const eventDocs = new RefreshingCache<string, Buffer>(cacheMs, CACHE_MAX_EVENTS, clock);
  const eventRows = new RefreshingCache<string, EventRow>(cacheMs, CACHE_MAX_EVENTS, clock);
  const isPersonal = (viewer: Viewer) =>
    viewer.userId !== null && options.entitlements !== undefined;

  async function cachedJson(
    viewer: Viewer,
    query: EventsQuery,
    scope: Pick<EventFilter, 'withClip'>,
  ): Promise<Buffer> {
    const resolved = resolveEventQuery(query, now(), viewer.locale);
    const { filter, order, page: paging } = resolved;
    // The window's instant is left out: it moves on every call, its kind is what the query asked.
    const what = { ...filter, window: resolved.matchesNothing ? 'none' : filter.window?.kind };
    const key = JSON.stringify([
      viewer.channelId,
      viewer.userId !== null,
      what,
      order,
      paging,
      scope,
    ]);
    const toJson = (p: EventsPage) => Buffer.from(JSON.stringify(p));
    if (cacheMs <= 0) return toJson(await page(viewer, query, scope));
    if (!isPersonal(viewer))
      return pages.get(key, async () => toJson(await page(viewer, query, scope)));
    const shared = await rowPages.get(key, () => rowsPage(viewer, query, scope));
    return toJson({ data: await toEvents(shared.rows, viewer, now()), meta: shared.meta });
  }

  /** The rows of a listing page and its meta: the same for every viewer. */
  async function rowsPage(
    viewer: Viewer,
    query: EventsQuery | FavoriteEventsQuery,
    scope: Pick<EventFilter, 'favoritesOfUser' | 'withClip'>,
  ): Promise<RowsPage> {
    const resolved = resolveEventQuery(query, now(), viewer.locale);
    const { filter, order, page: paging } = resolved;
    const meta = { total: 0, offset: paging.offset, limit: paging.limit };
    if (resolved.matchesNothing) return { rows: [], meta };
    const scoped = { ...filter, ...scope };
    const rows = await repo.list(viewer.channelId, scoped, order, paging);
    // A short page holds the tail of the listing, so its size gives the total without counting.
    const tailKnown = rows.length < paging.limit && (rows.length > 0 || paging.offset === 0);
    const total = tailKnown
      ? paging.offset + rows.length
      : await repo.count(viewer.channelId, scoped);
    return { rows, meta: { ...meta, total } };
  }

  async function page(
    viewer: Viewer,
    query: EventsQuery | FavoriteEventsQuery,
    scope: Pick<EventFilter, 'favoritesOfUser' | 'withClip'> = {},
  ): Promise<EventsPage> {
    const { rows, meta } = await rowsPage(viewer, query, scope);
    return { data: await toEvents(rows, viewer, now()), meta };
  }

  async function eventRow(channelId: number, id: number): Promise<EventRow> {
    const row = await repo.byId(channelId, id);
    // Another channel's event is "not found" too: ids must not reveal what other channels hold.
    if (!row) throw notFound('Event not found');
    return row;
  }

  /** GET /events/{id} as JSON bytes; keys begin with the channel, as invalidate() expects. */
  async function eventJson(viewer: Viewer, id: number): Promise<Buffer> {
    const { channelId, locale } = viewer;
    const toJson = async (row: EventRow) => {
      const [event] = await toEvents([row], viewer, now());
      return Buffer.from(JSON.stringify(event));
    };
    if (cacheMs <= 0) return toJson(await eventRow(channelId, id));
    if (!isPersonal(viewer)) {
      const key = JSON.stringify([channelId, 'event', id, locale, viewer.userId !== null]);
      return eventDocs.get(key, async () => toJson(await eventRow(channelId, id)));
    }
    const key = JSON.stringify([channelId, 'event', id]);
    return toJson(await eventRows.get(key, () => eventRow(channelId, id)));
  }

  async function rail(viewer: Viewer, at: Date, kind: 'live' | 'upcoming' | 'finished') {
    const order: EventOrder = {
      field: 'date',
      direction: kind === 'finished' ? 'desc' : 'asc',
      locale: viewer.locale,
    };
    const rows = await repo.list(viewer.channelId, { window: { kind, at } }, order, {
      offset: 0,
      limit: HOMEPAGE_RAIL_SIZE,
    });
    return toEvents(rows, viewer, at);
  }

  async function toEvents(rows: EventRow[], viewer: Viewer, at: Date): Promise<Event[]> {
    const covered =
      viewer.userId !== null && options.entitlements && rows.length > 0
        ? await options.entitlements.purchasedEventIds(
            viewer.channelId,
            viewer.userId,
            rows.map((r) => r.id),
          )
        : new Set<number>();
    return rows.map((r) => toEvent(r, viewer, at, covered.has(r.id)));
  }

  return {
    /** Forgets the channel's cached listing pages (an admin changed a game or a team). */
    invalidate(channelId: number) {
      const prefix = `[${channelId},`;
      for (const cache of [pages, rowPages, eventDocs, eventRows]) {
        cache.deleteWhere((key) => key.startsWith(prefix));
      }
    },

    /** A page of GET /events as JSON bytes, from the cache when fresh. */
    listJson: (viewer: Viewer, query: EventsQuery) => cachedJson(viewer, query, {}),

    /** Events of the caller's favourite teams, schools and sports. */
    async favorites(viewer: Viewer, query: FavoriteEventsQuery): Promise<EventsPage> {
      if (viewer.userId === null) throw new HttpError(401, 'login_required');
      return await page(viewer, query, { favoritesOfUser: viewer.userId });
    },

    /** Events that have at least one finished clip. */
    withClipJson: (viewer: Viewer, query: EventsQuery) =>
      cachedJson(viewer, query, { withClip: true }),

    /** One event as JSON bytes, from the cache when fresh. */
    byIdJson: eventJson,

    async homepage(viewer: Viewer): Promise<HomepageEvents> {
      const at = now();
      const [live, upcoming, recent] = await Promise.all([
        rail(viewer, at, 'live'),
        rail(viewer, at, 'upcoming'),
        rail(viewer, at, 'finished'),
      ]);
      return { live, upcoming, recent };
    },
  };
}
export type EventsService = ReturnType<typeof createEventsService>;

function toParticipant(p: EventRow['participants'][number]): EventParticipant {
  return {
    id: p.id,
    name: p.name,
    short_name: p.short_name,
    color: p.color,
    logo: p.logo_url,
    is_home: p.is_home,
  };
}

function toEvent(row: EventRow, viewer: Viewer, at: Date, isPurchased: boolean): Event {
  const start = new Date(row.event_utc_ts);
  const end = new Date(row.end_utc_ts);
  const type = eventType(start, end, at);
  const participants = row.participants.map(toParticipant);
  return {
    id: row.id,
    name: displayName(pickText(row.name, viewer.locale), participants),
    description: pickNullableText(row.description, viewer.locale),
    type,
    stream_status: streamStatus(type),
    stream_state: playableMedia(type, row.media).state,
    access_type: row.access_type,
    has_access: hasAccess(row.access_type, viewer.userId !== null, isPurchased),
    location_id: row.location_id,
    event_category_id: row.event_category_id,
    event_utc_ts: start.toISOString(),
    end_utc_ts: end.toISOString(),
    time_zone: row.time_zone,
    home_participant_id: row.home_participant_id,
    participants,
    image_url: row.image_url,
  };
}
