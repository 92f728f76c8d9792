import fsp from 'node:fs/promises';
import path from 'node:path';
import { buildArgs } from './args/task.js';
import { firstPicturePts, readTransportStream } from './hls/mpegts.js';
import { parseMediaPlaylist } from './hls/playlist.js';
import { runFfmpeg } from './runner.js';
import { isPlainName } from './storage/storage.js';

/**
 * One rendition's HLS → a single MP4 by stream copy (no re-encode), written to a temporary name
 * and renamed, so a concurrent reader never gets a partial file.
 */
export async function remuxToMp4(o: { playlist: string; output: string; hasAudio: boolean }) {
  const text = await fsp.readFile(o.playlist, 'utf8');
  const playlist = parseMediaPlaylist(text);
  const seconds = playlist.totalSeconds;
  const tmp = `${o.output}.part`;
  await runFfmpeg(
    buildArgs({
      kind: 'remux-mp4',
      input: o.playlist,
      output: tmp,
      hasAudio: o.hasAudio,
      firstPictureTicks: await firstPictureOf(o.playlist, playlist.segments[0]?.uri),
    }),
    // Stream copy runs far faster than real time; the bound only catches a stuck process.
    { timeoutMs: 60_000 + seconds * 1_000 },
  );
  await fsp.rename(tmp, o.output);
  return { durationSeconds: seconds, size: (await fsp.stat(o.output)).size };
}

/**
 * The first segment's first picture (the MP4's time 0, see remuxMp4Args). Only a plain name beside
 * the playlist is read; anything else leaves ffmpeg's own start.
 */
async function firstPictureOf(playlist: string, uri: string | undefined): Promise<number | null> {
  if (!uri || !isPlainName(uri) || !uri.endsWith('.ts')) return null;
  const bytes = await fsp.readFile(path.join(path.dirname(playlist), uri));
  return firstPicturePts(readTransportStream(bytes));
}
