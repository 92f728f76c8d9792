import {
  EVENTS_PAGE_SIZE,
  EventsQuerySchema,
  LISTING_QUERY,
  LOCALES,
  VOD_PAGE_SIZE,
  VodMediaItemsQuerySchema,
  type EventsQuery,
  type ListingKind,
  type Locale,
  type Settings,
} from '@rudy/contracts';
import type { EventsService } from '../events/events.service.js';
import type { VodService } from '../vod/vod.service.js';
import type { RuntimeConfigFor } from '../keys/runtime-config.js';
import type { KeysService } from '../keys/keys.service.js';
import type { ChannelService } from './channel.service.js';

export interface StartupRequest {
  hostname: string;
  acceptLanguage: string | undefined;
  pathname: string;
  /** Whether the URL has a query string (a listing's filters: its games are then fetched). */
  hasQuery: boolean;
  /** The visitor's address (the poster follows the channel's geo rules, as playback does). */
  ip: string;
}

/** StartupData already serialised (the cached bootstrap bytes are spliced in, not re-encoded). */
export interface RenderedStartup {
  json: string;
  locale: Locale;
  settings: Settings | null;
  /** On a watch page, the game's poster, shown by the HTML while the app starts (not in `json`). */
  poster: string | null;
}

/** The game a watch page shows, from its path. */
const WATCH_PATH = /^\/watch\/(\d{1,10})$/;

/** The listings whose first page goes into the HTML (the schedule's depends on the visitor's day). */
const LISTING_PATH = /^\/(live|upcoming|vod)$/;

/** GET /events as a listing's first page asks for it (the web app's listingRequest, no filters). */
export function listingQuery(kind: ListingKind): EventsQuery {
  const { type, sort } = LISTING_QUERY[kind];
  return EventsQuerySchema.parse({
    ...(type ? { type } : {}),
    sort_field: 'date',
    sort_direction: sort,
    offset: 0,
    limit: EVENTS_PAGE_SIZE,
  });
}

/** GET /vod-media-items as the home page's Highlights rail asks for its first page. */
const HIGHLIGHTS_QUERY = VodMediaItemsQuerySchema.parse({
  highlights: '1',
  offset: 0,
  limit: VOD_PAGE_SIZE,
});

/** The first of the browser's languages the app has, as the client's own detection picks it. */
export function localeFromAcceptLanguage(header: string | undefined): Locale | null {
  for (const part of (header ?? '').split(',')) {
    const base = part.trim().slice(0, 2).toLowerCase();
    if ((LOCALES as readonly string[]).includes(base)) return base as Locale;
  }
  return null;
}

/**
 * What the served index.html carries so the first paint needs no API call (see StartupData): the
 * runtime config, and for the host name's channel its anonymous bootstrap document and, on the home
 * page, the home's rails. Only public, anonymous data: the same any visitor's first call would get.
 */
export function createStartupData(deps: {
  keys: KeysService;
  channel: ChannelService;
  events: EventsService;
  vod: Pick<VodService, 'items'>;
  runtimeConfig: RuntimeConfigFor;
  shellPoster: (channelId: number, eventId: number, ip: string) => Promise<string | null>;
  defaultChannelKey: string;
}) {
  return async function startupFor(req: StartupRequest): Promise<RenderedStartup> {
    const config = await deps.runtimeConfig(req.hostname);
    const found = await deps.keys
      .channelForHost(req.hostname, deps.defaultChannelKey)
      .catch(() => null);
    if (!found) {
      const locale = localeFromAcceptLanguage(req.acceptLanguage) ?? 'en';
      const json = JSON.stringify({
        config,
        locale,
        bootstrap: null,
        homepage: null,
        listing: null,
        highlights: null,
      });
      return { json, locale, settings: null, poster: null };
    }
    const settings = await deps.channel.settings(found.id);
    const locale = localeFromAcceptLanguage(req.acceptLanguage) ?? settings.language;
    const watched = WATCH_PATH.exec(req.pathname)?.[1];
    const listed = req.hasQuery ? undefined : (LISTING_PATH.exec(req.pathname)?.[1] as ListingKind);
    const viewer = { channelId: found.id, userId: null, locale };
    const home = req.pathname === '/';
    const [bootstrap, homepage, highlights, listing, poster] = await Promise.all([
      deps.channel.bootstrapJson(found.id, locale),
      home ? deps.events.homepage(viewer) : Promise.resolve(null),
      // An anonymous listing signs nothing: its key and address are never read.
      home
        ? deps.vod.items({ ...viewer, keyId: '', ip: req.ip }, HIGHLIGHTS_QUERY)
        : Promise.resolve(null),
      listed ? deps.events.listJson(viewer, listingQuery(listed)) : Promise.resolve(null),
      // The page goes without its poster rather than fail.
      watched
        ? deps.shellPoster(found.id, Number(watched), req.ip).catch(() => null)
        : Promise.resolve(null),
    ]);
    const json =
      `{"config":${JSON.stringify(config)},"locale":${JSON.stringify(locale)},` +
      `"bootstrap":${bootstrap.toString('utf8')},"homepage":${JSON.stringify(homepage)},` +
      `"listing":${listing ? `{"kind":"${listed}","page":${listing.toString('utf8')}}` : 'null'},` +
      `"highlights":${highlights ? highlights.toString('utf8') : 'null'}}`;
    return { json, locale, settings, poster };
  };
}
export type StartupFor = ReturnType<typeof createStartupData>;
