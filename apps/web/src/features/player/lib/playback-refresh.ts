import type { Playback } from '@rudy/contracts';

/** How often a stream that is being prepared (encoder starting, VOD packaging) is asked for again. */
export const PREPARING_POLL_MS = 4_000;

/**
 * A finished game's replay being packaged takes minutes, not seconds: asked less often, and it still
 * starts by itself once ready.
 */
export const REPLAY_POLL_MS = 15_000;

/** An upcoming game is asked about now and then, so the player appears when it goes live. */
export const UPCOMING_POLL_MS = 30_000;

/**
 * A game's media cookie is renewed this long before it expires (or, for a short-lived one, when a
 * third of its life is left), so a segment request never meets a 403. Renewing asks /playback
 * again: the stream's address does not change (it is the game's, not the viewer's), only the
 * cookie, so the player goes on without reloading anything.
 */
export const EXPIRY_MARGIN_MS = 60_000;

/** Timers longer than ~24.8 days overflow setTimeout; a day is plenty for a refresh. */
const MAX_DELAY_MS = 86_400_000;

/**
 * When to fetch /playback again: soon while the stream is being prepared, now and then before the game starts, just before the signed
 * URLs expire while it plays, never otherwise (false, as TanStack Query's refetchInterval takes it).
 */
export function playbackRefetchDelay(playback: Playback | undefined, now: number): number | false {
  if (!playback) return false;
  if (playback.stream_state === 'preparing') {
    return playback.event_type === 'finished' ? REPLAY_POLL_MS : PREPARING_POLL_MS;
  }
  if (playback.stream_state === 'upcoming') return UPCOMING_POLL_MS;
  if (!playback.stream) return false;
  const expiresAt = Date.parse(playback.stream.expires_at);
  if (Number.isNaN(expiresAt)) return false;
  const left = expiresAt - now;
  const margin = Math.min(EXPIRY_MARGIN_MS, left / 3);
  return Math.min(MAX_DELAY_MS, Math.max(1_000, Math.round(left - margin)));
}
