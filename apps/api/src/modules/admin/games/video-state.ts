import type { AdminGameVideoState } from '@rudy/contracts';

/** What the games list reads of a game's media and uploads to say where its video stands. */
export interface VideoFacts {
  /** A live row our encoder (or an external URL) is serving right now. */
  is_live: boolean | number | null;
  /** The newest VOD row's status. */
  vod_status: string | null;
  /** A live recording that ended and can be played while no VOD exists. */
  has_recording: boolean | number | null;
  /** The newest upload's status (an upload turns into the VOD row once transcoded). */
  upload_status: string | null;
}

const WORKING = new Set(['pending', 'processing', 'uploading', 'queued']);

/**
 * One word for the console: live beats everything (the operator watches the encoder then); a VOD
 * row decides next, as viewers' playback does; without one, a recording plays (ready), and the
 * newest upload says whether something is on its way or failed.
 */
export function videoStateOf(f: VideoFacts): AdminGameVideoState {
  if (f.is_live) return 'live';
  if (f.vod_status === 'ready') return 'ready';
  if (f.vod_status !== null && WORKING.has(f.vod_status)) return 'processing';
  if (f.upload_status !== null && WORKING.has(f.upload_status)) return 'processing';
  if (f.has_recording) return 'ready';
  if (f.vod_status === 'error' || f.upload_status === 'error') return 'failed';
  return 'none';
}
