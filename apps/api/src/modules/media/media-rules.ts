import {
  MEDIA_KIND,
  type AccessType,
  type EventType,
  type PlaybackAccess,
  type StreamState,
} from '@rudy/contracts';
import { hasAccess } from '../events/event-rules.js';
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

/**
 * What to play for the event's current state. Live: the live row (an external URL or our encoder's
 * recording). Finished: the VOD row, else a recording that ended but is not converted yet.
 * A pending row means media is on its way ("preparing"); no row at all means there is none.
 */
export function chooseStream(
  type: EventType,
  media: MediaRow[],
): { state: StreamState; source: StreamSource | null } {
  if (type === 'upcoming') return { state: 'upcoming', source: null };
  const live = media.filter((m) => m.kind === MEDIA_KIND.live);
  const vod = media.filter((m) => m.kind === MEDIA_KIND.vod);
  if (type === 'live') {
    const external = live.find((m) => m.url && !m.storage_key);
    if (external?.url)
      return { state: 'ready', source: { kind: 'live', external: external.url, startedAt: null } };
    const running = live.find((m) => m.status === 'live' && m.storage_key);
    if (running?.storage_key) {
      return {
        state: 'ready',
        source: { kind: 'live', key: running.storage_key, startedAt: running.started_at },
      };
    }
    return { state: live.length > 0 ? 'preparing' : 'unavailable', source: null };
  }
  const ready = vod.find((m) => m.status === 'ready' && m.storage_key);
  if (ready?.storage_key) {
    return {
      state: 'ready',
      source: {
        kind: 'vod',
        key: ready.storage_key,
        durationSeconds: num(ready.meta.duration_seconds),
      },
    };
  }
  const recording = live.find((m) => m.status === 'ended' && m.storage_key);
  if (recording?.storage_key) {
    return {
      state: 'ready',
      source: {
        kind: 'vod',
        key: recording.storage_key,
        durationSeconds: num(recording.meta.duration_seconds),
      },
    };
  }
  const coming = [...vod, ...live].some((m) =>
    ['pending', 'processing', 'live'].includes(m.status),
  );
  return { state: coming ? 'preparing' : 'unavailable', source: null };
}

/** The stored asset of a kind (poster, thumbnails, previews), if the pipeline made one. */
export function assetKey(media: MediaRow[], kind: number): MediaRow | undefined {
  return media.find((m) => m.kind === kind && m.status === 'ready' && (m.storage_key || m.url));
}
