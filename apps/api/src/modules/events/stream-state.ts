import { MEDIA_KIND, type EventType, type StreamState } from '@rudy/contracts';

/*
 * An event's stream state, decided from its media rows: the listings show it, and the media
 * module's playback plays the row chosen here (media-rules.ts chooseStream).
 */

/** What readiness needs of a media row (listings read only these columns). */
export interface MediaStateRow {
  kind: number;
  url: string | null;
  storage_key: string | null;
  status: 'pending' | 'processing' | 'ready' | 'live' | 'ended' | 'error';
}

/**
 * The row to play for the event's current state, and the state it gives. Live: the live row (an
 * external URL or our encoder's recording), else (the publisher stopped) what was recorded. Finished: the VOD row, else a recording that ended but
 * is not converted yet. A pending row means media is on its way ("preparing"); no row at all means
 * there is none. Playback and listings both decide here, so a card never offers what /playback
 * would not play.
 */
export function playableMedia<M extends MediaStateRow>(
  type: EventType,
  media: readonly M[],
): { state: StreamState; row: M | null } {
  if (type === 'upcoming') return { state: 'upcoming', row: null };
  const live = media.filter((m) => m.kind === MEDIA_KIND.live);
  const vod = media.filter((m) => m.kind === MEDIA_KIND.vod);
  if (type === 'live') {
    const running =
      live.find((m) => m.url && !m.storage_key) ??
      live.find((m) => m.status === 'live' && m.storage_key);
    if (running) return { state: 'ready', row: running };
  }
  // Over, or between two publishes of a game still on the schedule: what was recorded plays.
  const recorded =
    vod.find((m) => m.status === 'ready' && m.storage_key) ??
    live.find((m) => m.status === 'ended' && m.storage_key);
  if (recorded) return { state: 'ready', row: recorded };
  if (type === 'live') return { state: live.length > 0 ? 'preparing' : 'unavailable', row: null };
  const coming = [...vod, ...live].some((m) =>
    ['pending', 'processing', 'live'].includes(m.status),
  );
  return { state: coming ? 'preparing' : 'unavailable', row: null };
}
