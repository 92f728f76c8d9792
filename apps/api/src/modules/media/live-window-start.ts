import path from 'node:path';
import type { DvrWindowStart } from '@rudy/contracts';
import { liveWindowStart, type MediaStorage } from '@rudy/media';
import { perPlaylistVersion, readPlaylist } from './stored-playlist.js';

/**
 * Where a live recording's DVR window starts now, as the media route cuts it (liveWindow with the
 * same window): its first segment's number and start in seconds of the recording, read from the
 * top rendition (every rendition is cut at the same times, numbered alike). The clip cutter reads
 * the same playlist to turn a player's clock back into the recording's (recordingStartTime).
 * Parsed once per version of the playlist. Null while the recording has no segment (or no file).
 */
export function createLiveWindowStarts(storage: MediaStorage, dvrWindowSeconds: number) {
  const startOf = perPlaylistVersion((text): DvrWindowStart | null => {
    const found = liveWindowStart(text, dvrWindowSeconds);
    return found
      ? { media_sequence: found.mediaSequence, recording_seconds: found.recordingSeconds }
      : null;
  });
  return async (masterKey: string): Promise<DvrWindowStart | null> => {
    const key = `${path.posix.dirname(masterKey)}/v0/index.m3u8`;
    const text = await readPlaylist(storage, key).catch(() => null);
    return text === null ? null : startOf(key, text);
  };
}
