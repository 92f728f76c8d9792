import { LOCALES, type Locale, type Settings } from '@rudy/contracts';
import type { EventsService } from '../events/events.service.js';
import type { RuntimeConfigFor } from '../keys/runtime-config.js';
import type { KeysService } from '../keys/keys.service.js';
import type { ChannelService } from './channel.service.js';

export interface StartupRequest {
  hostname: string;
  acceptLanguage: string | undefined;
  pathname: string;
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
      const json = JSON.stringify({ config, locale, bootstrap: null, homepage: null });
      return { json, locale, settings: null, poster: null };
    }
    const settings = await deps.channel.settings(found.id);
    const locale = localeFromAcceptLanguage(req.acceptLanguage) ?? settings.language;
    const watched = WATCH_PATH.exec(req.pathname)?.[1];
    const [bootstrap, homepage, poster] = await Promise.all([
      deps.channel.bootstrapJson(found.id, locale),
      req.pathname === '/'
        ? deps.events.homepage({ channelId: found.id, userId: null, locale })
        : Promise.resolve(null),
      // The page goes without its poster rather than fail.
      watched
        ? deps.shellPoster(found.id, Number(watched), req.ip).catch(() => null)
        : Promise.resolve(null),
    ]);
    const json =
      `{"config":${JSON.stringify(config)},"locale":${JSON.stringify(locale)},` +
      `"bootstrap":${bootstrap.toString('utf8')},"homepage":${JSON.stringify(homepage)}}`;
    return { json, locale, settings, poster };
  };
}
export type StartupFor = ReturnType<typeof createStartupData>;
