import path from 'node:path';
import type { DvrWindowStart } from '@rudy/contracts';
import { LIVE_SEGMENT_SECONDS, liveWindowStart, type MediaStorage } from '@rudy/media';
import { perPlaylistVersion, readPlaylist } from './stored-playlist.js';

/**
 * How long an answer is reused: half a live segment. Every arriving viewer's playback asks, and
 * with a bucket each ask was a GetObject (the start-of-game rush's largest cost after PostgreSQL,
 * issue 29); the playlist itself changes once a segment and an edge already serves it up to
 * half a segment old (media-cache.ts), so the player sees no older window than before.
 */
export const WINDOW_START_MAX_AGE_MS = (LIVE_SEGMENT_SECONDS * 1000) / 2;

/**
 * Where a live recording's DVR window starts now, as the media route cuts it (liveWindow with the
 * same window): its first segment's number and start in seconds of the recording, read from the
 * top rendition (every rendition is cut at the same times, numbered alike). The clip cutter reads
 * the same playlist to turn a player's clock back into the recording's (recordingStartTime).
 * Read at most once per WINDOW_START_MAX_AGE_MS per recording (concurrent askers share the read),
 * parsed once per version of the playlist. Null while the recording has no segment (or no file).
 */
export function createLiveWindowStarts(
  storage: MediaStorage,
  dvrWindowSeconds: number,
  o: { maxAgeMs?: number; now?: () => number } = {},
) {
  const maxAgeMs = o.maxAgeMs ?? WINDOW_START_MAX_AGE_MS;
  const now = o.now ?? Date.now;
  const startOf = perPlaylistVersion((text): DvrWindowStart | null => {
    const found = liveWindowStart(text, dvrWindowSeconds);
    return found
      ? { media_sequence: found.mediaSequence, recording_seconds: found.recordingSeconds }
      : null;
  });
  const recent = new Map<string, { at: number; start: Promise<DvrWindowStart | null> }>();

  async function read(key: string): Promise<DvrWindowStart | null> {
    const text = await readPlaylist(storage, key).catch(() => null);
    return text === null ? null : startOf(key, text);
  }

  return (masterKey: string): Promise<DvrWindowStart | null> => {
    const key = `${path.posix.dirname(masterKey)}/v0/index.m3u8`;
    const at = now();
    const hit = recent.get(key);
    if (hit && at - hit.at < maxAgeMs) return hit.start;
    // read() never rejects (a failed read is null), so a shared promise cannot spread an error.
    const start = read(key);
    recent.delete(key);
    recent.set(key, { at, start });
    // The oldest first out: a few live games at a time.
    if (recent.size > 64) recent.delete(recent.keys().next().value ?? '');
    return start;
  };
}
