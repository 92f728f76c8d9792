import type { Playback } from '@rudy/contracts';

/**
 * A game's /playback answer asked for by the entry before the app's code ran (app/early-watch.ts),
 * kept for the watch page's playback query: one call, so one signed URL for the stream that may
 * already be playing in the splash. A second call would mint another URL and restart it.
 */
const kept = new Map<number, Promise<Playback>>();

export function keepEarlyPlayback(eventId: number, answer: Promise<Playback>) {
  // Its failure is the query's to handle (it asks again), not an unhandled rejection.
  answer.catch(() => undefined);
  kept.set(eventId, answer);
}

/** The kept answer for this game, once; null when none was asked for early. */
export function takeEarlyPlayback(eventId: number): Promise<Playback> | null {
  const answer = kept.get(eventId) ?? null;
  kept.delete(eventId);
  return answer;
}
