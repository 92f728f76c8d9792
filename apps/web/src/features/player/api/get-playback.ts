import type { Playback } from '@rudy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { takeEarlyPlayback } from './early-playback';
import { playbackRefetchDelay } from '../lib/playback-refresh';

export function getPlayback(eventId: number, signal?: AbortSignal): Promise<Playback> {
  const ask = () => apiClient.get<Playback>(`/events/${eventId}/playback`, { signal });
  // The entry's early answer when it asked (app/early-watch.ts); if it failed, asked again here,
  // where the page shows the failure.
  return takeEarlyPlayback(eventId)?.catch(ask) ?? ask();
}

/**
 * How long an answer counts as this moment's. The watch page's loader asks while the screen's code
 * loads, and the player mounts well within this: without it the mount asked again, and a signed
 * URL minted in the next second (its expiry is in whole seconds) restarted the stream hls.js had
 * begun loading (seen in traces: ~300 ms more to the first frame on a visit that crossed a second).
 */
export const PLAYBACK_FRESH_MS = 10_000;

export function playbackQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: ['playback', eventId],
    queryFn: ({ signal }) => getPlayback(eventId, signal),
    // Signed URLs and the live/VOD choice belong to this moment: each visit's loader reads them
    // afresh unless they are younger than PLAYBACK_FRESH_MS; the mount that follows does not.
    staleTime: PLAYBACK_FRESH_MS,
    // Asked again while the stream is being prepared and just before its URLs expire.
    refetchInterval: (query) => playbackRefetchDelay(query.state.data, Date.now()),
  });
}

export function usePlayback(eventId: number) {
  return useQuery(playbackQueryOptions(eventId));
}
