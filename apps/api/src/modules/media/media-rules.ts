import {
  MEDIA_KIND,
  type AccessType,
  type EventType,
  type PlaybackAccess,
  type StreamState,
} from '@rudy/contracts';
import { hasAccess } from '../events/event-rules.js';
import { playableMedia } from '../events/stream-state.js';
import { isBlocked } from '../geo/geo.service.js';
import type { MediaRow } from './media.repository.js';

/**
 * Geo first (a blocked viewer learns nothing else), then the event's access type: paid and ppv
 * need a purchase covering the event, otherwise the buy prompt.
 */
export function decideAccess(
  accessType: AccessType,
  isLoggedIn: boolean,
  geoBlocked: boolean,
  hasPurchase = false,
): PlaybackAccess {
  if (geoBlocked) return 'geo_blocked';
  if (hasAccess(accessType, isLoggedIn, hasPurchase)) return 'granted';
  return accessType === 'register' ? 'register' : 'purchase';
}

/** Paid and ppv events are the only ones a purchase changes anything for. */
export const needsPurchase = (accessType: AccessType) =>
  accessType === 'paid' || accessType === 'ppv';

/** Channel-wide rules, then the event's own allow/block lists when it has any. */
export function geoBlockedFor(
  channelBlocked: boolean,
  countryCode: string | null,
  event: { geo_allowed_countries: string[] | null; geo_blocked_countries: string[] | null },
): boolean {
  if (channelBlocked) return true;
  return isBlocked(countryCode, {
    allowed: event.geo_allowed_countries,
    blocked: event.geo_blocked_countries,
  });
}

export type StreamSource =
  | { kind: 'live'; external: string; startedAt: Date | null }
  | { kind: 'live'; key: string; startedAt: Date | null }
  | { kind: 'vod'; key: string; durationSeconds: number | null };

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** What to play for the event's current state (see playableMedia), as a stream source. */
export function chooseStream(
  type: EventType,
  media: MediaRow[],
): { state: StreamState; source: StreamSource | null } {
  const { state, row } = playableMedia(type, media);
  if (!row) return { state, source: null };
  if (row.kind === MEDIA_KIND.live && (row.status === 'live' || (row.url && !row.storage_key))) {
    const source: StreamSource =
      row.url && !row.storage_key
        ? { kind: 'live', external: row.url, startedAt: null }
        : { kind: 'live', key: row.storage_key ?? '', startedAt: row.started_at };
    return { state, source };
  }
  return {
    state,
    source: {
      kind: 'vod',
      key: row.storage_key ?? '',
      durationSeconds: num(row.meta.duration_seconds),
    },
  };
}

/** The stored asset of a kind (poster, thumbnails, previews), if the pipeline made one. */
export function assetKey(media: MediaRow[], kind: number): MediaRow | undefined {
  return media.find((m) => m.kind === kind && m.status === 'ready' && (m.storage_key || m.url));
}

/**
 * How far back a live viewer may seek (and clip) now: the recording so far, up to the DVR window
 * (LIVE_DVR_WINDOW_SECONDS; 0: no window). The same figure in /playback and in the clip bounds.
 */
export const dvrSeconds = (recordedSeconds: number, windowSeconds: number) =>
  windowSeconds > 0 ? Math.min(recordedSeconds, windowSeconds) : recordedSeconds;
