import {
  MEDIA_KIND,
  PLAYBACK_TEXTS,
  USER_TEXTS,
  type DvrWindowStart,
  type Playback,
  type PlaybackAssets,
  type PlaybackStream,
  type Settings,
} from '@rudy/contracts';
import type { MediaCaller } from '../../lib/caller.js';
import { notFound } from '../../lib/http-error.js';
import type { ChannelService } from '../channel/channel.service.js';
import { eventType } from '../events/event-rules.js';
import type { GeoService } from '../geo/geo.service.js';
import type { PrerollsService } from '../prerolls/prerolls.service.js';
import { viewersOf } from '../prerolls/prerolls.service.js';
import { capabilitiesOf, type GrantsSource } from '../users/access.js';
import type { GameMediaClaims, GameMediaCookies } from './game-media-cookie.js';
import { gameMediaUrl } from './game-media-cookie.js';
import { EXTERNAL_LIVE, mediaUrl, relativeToEvent } from './media-paths.js';
import {
  assetKey,
  chooseStream,
  decideAccess,
  dvrSeconds,
  geoBlockedFor,
  needsPurchase,
  type StreamSource,
} from './media-rules.js';
import { SHELL_KEY_ID, type MediaTokens } from './media-token.js';

/** How long a page shell's poster token lasts at least, and the step its expiry is rounded up to. */
const SHELL_TOKEN_MS = 10 * 60_000;
const SHELL_TOKEN_STEP_MS = 5 * 60_000;
import type { MediaRepository, MediaRow, PlaybackEventRow } from './media.repository.js';

const NO_ASSETS: PlaybackAssets = {
  poster_url: null,
  thumbnails_vtt_url: null,
  preview_url: null,
  preview_alt_url: null,
};

/** Whether the user's purchases cover a paid or ppv event (the commerce module answers). */
export type PurchaseCheck = (
  channelId: number,
  userId: number,
  eventId: number,
) => Promise<boolean>;

/** Paid and ppv events ask whether a purchase covers them; nothing else needs the question. */
export async function isPurchased(
  purchases: PurchaseCheck | undefined,
  caller: MediaCaller,
  event: PlaybackEventRow,
): Promise<boolean> {
  if (!purchases || caller.userId === null || !needsPurchase(event.access_type)) return false;
  return purchases(caller.channelId, caller.userId, event.id);
}

export interface PlaybackDeps {
  purchases?: PurchaseCheck;
  media: MediaRepository;
  access: GrantsSource;
  channel: ChannelService;
  geo: GeoService;
  prerolls: PrerollsService;
  tokens: MediaTokens;
  /** The game's media cookie (its stream's playlists and segments, one URL for every viewer). */
  gameCookies: GameMediaCookies;
  /** Added to a path token's lifetime (assets; a device's stream: beyond the game's length). */
  tokenMarginMs: number;
  /** LIVE_DVR_WINDOW_SECONDS (0 or unset: the whole recording). */
  dvrWindowSeconds?: number;
  /**
   * Where the DVR window of the live recording at `key` (its master playlist) starts now, as the
   * media route serves it (live-window-start.ts); unset or null: not told (the field is absent).
   */
  liveWindowStart?: (key: string) => Promise<DvrWindowStart | null>;
  now: () => Date;
}

/**
 * A playback answer and, when it grants a stream of our own, the game's media cookie to set
 * (null: the caller's access to the game's media is to be removed).
 */
export interface PlaybackGrant {
  playback: Playback;
  cookie: GameMediaClaims | null;
}

/** Everything a player needs for one event and one caller, decided here and nowhere else. */
export function createPlaybackService(deps: PlaybackDeps) {
  async function capabilities(caller: MediaCaller): Promise<Set<string>> {
    if (caller.userId === null) return new Set();
    const grants = await deps.access.activeGrants(caller.channelId, caller.userId, deps.now());
    return new Set(capabilitiesOf(grants).capabilities);
  }

  /** Channel rules and the event's own lists against the caller's country. */
  function isGeoBlocked(caller: MediaCaller, event: PlaybackEventRow, settings: Settings): boolean {
    const geo = deps.geo.locate(caller.ip, {
      allowed: settings.geo_allowed_countries,
      blocked: settings.geo_blocked_countries,
    });
    return geoBlockedFor(geo.is_geo_blocked, geo.country_code, event);
  }

  /** The URL of an event's asset of this kind under `token`: a stored file's, or its own. */
  function assetUrl(
    channelId: number,
    eventId: number,
    media: MediaRow[],
    kind: number,
    token: string,
  ) {
    const row = assetKey(media, kind);
    if (!row) return null;
    if (!row.storage_key) return row.url;
    const rest = relativeToEvent(channelId, eventId, row.storage_key);
    return rest ? mediaUrl(eventId, token, rest) : null;
  }

  function assets(caller: MediaCaller, event: PlaybackEventRow, media: MediaRow[]): PlaybackAssets {
    const token = deps.tokens.sign({
      scope: 'a',
      subjectId: event.id,
      channelId: caller.channelId,
      keyId: caller.keyId,
      expiresAt: new Date(deps.now().getTime() + deps.tokenMarginMs),
    });
    const urlOf = (kind: number) => assetUrl(caller.channelId, event.id, media, kind, token);
    return {
      // A live game has no frame of its own yet: its picture, not a black frame, until it plays.
      poster_url: urlOf(MEDIA_KIND.image) ?? event.image_url,
      thumbnails_vtt_url: urlOf(MEDIA_KIND.thumbnails),
      preview_url: urlOf(MEDIA_KIND.preview),
      preview_alt_url: urlOf(MEDIA_KIND.preview_alt),
    };
  }

  /**
   * The stream at the game's shared address (the same for every viewer: an edge caches it once),
   * opened by the game's media cookie, which expires after MEDIA_TOKEN_TTL_SECONDS: the player
   * asks again before then (expires_at), and the address does not change.
   */
  function stream(
    caller: MediaCaller,
    event: PlaybackEventRow,
    source: StreamSource,
    windowStart: DvrWindowStart | null | undefined,
  ): { stream: PlaybackStream; cookie: GameMediaClaims } | null {
    const now = deps.now();
    const expiresAt = new Date(now.getTime() + deps.gameCookies.ttlSeconds * 1000);
    const rest =
      'external' in source
        ? EXTERNAL_LIVE
        : relativeToEvent(caller.channelId, event.id, source.key);
    if (!rest) return null;
    const startedAt = source.kind === 'live' ? source.startedAt : null;
    const cookie = {
      eventId: event.id,
      channelId: caller.channelId,
      keyId: caller.keyId,
      expiresAt,
    };
    // A receiver (AirPlay, Remote Playback) gets the URL only, not the browser's cookies, and
    // cannot renew: for it, a path token of this viewer's, as long as the game or the replay.
    const end = event.event_utc_ts.getTime() + event.duration_minutes * 60_000;
    const lengthMs =
      source.kind === 'live'
        ? Math.max(end, now.getTime()) - now.getTime()
        : (source.durationSeconds ?? event.duration_minutes * 60) * 1000;
    const deviceToken = deps.tokens.sign({
      scope: 'p',
      subjectId: event.id,
      channelId: caller.channelId,
      keyId: caller.keyId,
      expiresAt: new Date(now.getTime() + lengthMs + deps.tokenMarginMs),
    });
    return {
      cookie,
      stream: {
        kind: source.kind,
        format: 'hls',
        url: gameMediaUrl(event.id, rest),
        device_url: mediaUrl(event.id, deviceToken, rest),
        is_external: 'external' in source,
        duration_seconds: source.kind === 'vod' ? source.durationSeconds : null,
        dvr: {
          enabled: source.kind === 'live' && !('external' in source),
          window_seconds: startedAt
            ? dvrSeconds(
                Math.max(0, Math.round((now.getTime() - startedAt.getTime()) / 1000)),
                deps.dvrWindowSeconds ?? 0,
              )
            : null,
          start_utc_ts: startedAt?.toISOString() ?? null,
          ...(windowStart === undefined ? {} : { window_start: windowStart }),
        },
        expires_at: expiresAt.toISOString(),
      },
    };
  }

  return {
    /**
     * The poster a watch page's HTML shows while the app starts (see MediaScope `s`), for a
     * visitor with no key yet at this address: what playback would show them, or null (no such
     * event in the channel, geo-blocked, no poster). Its token expires at the next whole
     * SHELL_TOKEN_STEP_MS after SHELL_TOKEN_MS, so reloads within a few minutes share one URL (and
     * the browser's cached image).
     */
    async shellPoster(channelId: number, eventId: number, ip: string): Promise<string | null> {
      const rows = await deps.media.playbackRows(channelId, eventId, [], deps.now());
      if (!rows) return null;
      const { event, media } = rows;
      const settings = deps.channel.settingsFrom(channelId, rows.settingsJson, rows.channelName);
      const caller = { channelId, userId: null, keyId: SHELL_KEY_ID, ip };
      if (isGeoBlocked(caller, event, settings)) return null;
      const expiry = deps.now().getTime() + SHELL_TOKEN_MS;
      const token = deps.tokens.sign({
        scope: 's',
        subjectId: event.id,
        channelId,
        keyId: SHELL_KEY_ID,
        expiresAt: new Date(Math.ceil(expiry / SHELL_TOKEN_STEP_MS) * SHELL_TOKEN_STEP_MS),
      });
      const url = assetUrl(channelId, event.id, media, MEDIA_KIND.image, token);
      // Only our own stored JPEG (what an `s` token opens), or a poster hosted elsewhere; else,
      // as playback, the game's own picture.
      const poster = url && (!url.startsWith('/media/') || url.endsWith('.jpg')) ? url : null;
      return poster ?? event.image_url;
    },

    async playback(caller: MediaCaller, eventId: number): Promise<PlaybackGrant> {
      const viewers = viewersOf(caller);
      // One statement: the event, the channel's settings, the media rows, the pre-roll
      // suppressions (the arriving crowd's round trips; docs/decisions.md, "The rush").
      const rows = await deps.media.playbackRows(caller.channelId, eventId, viewers, deps.now());
      // Another channel's event is "not found": ids must not reveal what other channels hold.
      if (!rows) throw notFound('Event not found');
      const { event, media } = rows;
      const now = deps.now();
      const end = new Date(event.event_utc_ts.getTime() + event.duration_minutes * 60_000);
      const type = eventType(event.event_utc_ts, end, now);
      const base = {
        event_id: event.id,
        event_type: type,
        single_event_package_id: event.single_event_package_id,
        preroll: null,
        can_download: false,
      };
      const settings = deps.channel.settingsFrom(
        caller.channelId,
        rows.settingsJson,
        rows.channelName,
      );
      const geoBlocked = isGeoBlocked(caller, event, settings);
      const purchased = !geoBlocked && (await isPurchased(deps.purchases, caller, event));
      const access = decideAccess(event.access_type, caller.userId !== null, geoBlocked, purchased);
      if (access === 'geo_blocked') {
        const playback: Playback = {
          ...base,
          access,
          message: USER_TEXTS.geoBlocked,
          stream_state: 'unavailable',
          stream: null,
          assets: NO_ASSETS,
        };
        return { playback, cookie: null };
      }
      const teaser = assets(caller, event, media);
      if (access !== 'granted') {
        const message = access === 'register' ? PLAYBACK_TEXTS.registerToWatch : null;
        const playback: Playback = {
          ...base,
          access,
          message,
          stream_state: 'unavailable',
          stream: null,
          assets: teaser,
        };
        return { playback, cookie: null };
      }

      const chosen = chooseStream(type, media);
      const source = chosen.source;
      // Live from our own recording: where its DVR window starts (the moments' ticks need it).
      const windowStart =
        source?.kind === 'live' && 'key' in source && deps.liveWindowStart
          ? await deps.liveWindowStart(source.key)
          : undefined;
      const granted = source ? stream(caller, event, source, windowStart) : null;
      const playable = granted?.stream ?? null;
      const caps = await capabilities(caller);
      const preroll =
        playable && settings.prerolls && !caps.has('no_ads')
          ? await deps.prerolls.choose(
              caller.channelId,
              viewers,
              event.id,
              {
                eventCategoryId: event.event_category_id,
                locationId: event.location_id,
                stream: playable.kind,
                choice: { mode: event.preroll_mode, prerollId: event.preroll_id },
              },
              rows.suppressed,
            )
          : null;
      const playback: Playback = {
        ...base,
        access,
        message: null,
        stream_state: playable ? 'ready' : chosen.state === 'ready' ? 'unavailable' : chosen.state,
        stream: playable,
        assets: teaser,
        preroll,
        can_download: playable?.kind === 'vod' && caps.has('download'),
      };
      return { playback, cookie: granted?.cookie ?? null };
    },
  };
}
export type PlaybackService = ReturnType<typeof createPlaybackService>;
