import type { LoaderFunctionArgs, Params } from 'react-router';
import { eventQueryOptions } from '../../../features/player/api/get-event';
import { playbackQueryOptions } from '../../../features/player/api/get-playback';
import { hasMediaSource, loadHls } from '../../../features/player/lib/attach-stream';
import { startGrantedStream } from '../../../features/player/lib/early-player';
import { queryClient } from '../../../lib/query-client';
import { numericIdLoader } from '../../route-guards';

// hls.js is the screen's largest download: it starts with the screen's own code (prefetched during
// start-up on a direct visit), not after the playback call.
if (hasMediaSource()) void loadHls().catch(() => undefined);

/**
 * Playback and the game's details are asked for while the screen's code loads; a stream the viewer
 * may watch starts as soon as its URL is known, while the page renders (in the splash's player box
 * on a direct visit, early-player.ts), and the player takes it over when it mounts. Asked twice
 * (start-up's early data, then the loader), each call is answered once: the queries and the
 * preload keep what they have.
 */
export function startWatchData(id: number) {
  // Errors surface in the screen, which reads the same queries.
  void queryClient
    .query(playbackQueryOptions(id))
    .then(startGrantedStream)
    .catch(() => undefined);
  void queryClient.query(eventQueryOptions(id)).catch(() => undefined);
}

export function watchLoader(args: LoaderFunctionArgs) {
  const guard = numericIdLoader(args);
  if (guard) return guard;
  startWatchData(Number(args.params.id));
  return null;
}

/** A direct visit's data, asked for as soon as start-up has an API client (see prefetchRoute in router.tsx). */
export function watchEarlyData(params: Params) {
  if (/^\d{1,10}$/.test(params.id ?? '')) startWatchData(Number(params.id));
}
