import { isLocale, type Playback } from '@rudy/contracts';
import { keepEarlyPlayback } from '../features/player/api/early-playback';
import {
  SPLASH_PLAYER,
  startGrantedStream,
  untilFirstFrame,
} from '../features/player/lib/early-player';
import { apiClient } from '../lib/api-client';
import { readStartupData } from '../lib/startup-data';

/** A game's page, as a direct visit's address names it. */
const WATCH_PATH = /^\/watch\/(\d{1,10})\/?$/;

/**
 * A returning viewer's direct visit to a game: the entry asks /playback and starts the stream in
 * the splash's player box while the app's code (React, the router, the page) still downloads and
 * runs, instead of after it (issue 14: start-up asked only ~0.3 s after that code had arrived).
 * The page's playback query takes this answer (early-playback.ts) and the player the video
 * (early-player.ts), so nothing is asked or started twice.
 *
 * Only the plain case: the server drew the player's box, the page carries its start-up data, and
 * the address has nothing for start-up to act on first (a `?channel=` that changes the keys, a
 * `?modal=` that leads elsewhere). Anything else is left to start-up, which handles it all.
 *
 * Resolves once the game shows its first frame, or at once when there is none to wait for (not
 * this case, a failed answer, an ad first, no access): the entry holds the app's evaluation until
 * then (main.tsx).
 */
export async function startEarlyWatch(
  doc: Document = document,
  location: Pick<Location, 'pathname' | 'search'> = window.location,
  start: typeof startGrantedStream = startGrantedStream,
): Promise<void> {
  const match = WATCH_PATH.exec(location.pathname);
  if (!match || location.search !== '' || !doc.querySelector(SPLASH_PLAYER)) return;
  const startup = readStartupData(doc);
  if (!startup) return;
  const { locale } = startup;
  // Start-up configures the client again, with the language it settles on.
  apiClient.configure(startup.config, isLocale(locale) ? () => locale : undefined);
  const eventId = Number(match[1]);
  const answer = apiClient.get<Playback>(`/events/${eventId}/playback`);
  keepEarlyPlayback(eventId, answer);
  const video = await answer.then(start).catch(() => null);
  if (video) await untilFirstFrame(video);
}
