import fsp from 'node:fs/promises';
import { buildArgs } from './args/task.js';
import { parseMediaPlaylist } from './hls/playlist.js';
import { runFfmpeg } from './runner.js';

/**
 * One rendition's HLS → a single MP4 by stream copy (no re-encode), written to a temporary name
 * and renamed, so a concurrent reader never gets a partial file.
 */
export async function remuxToMp4(o: { playlist: string; output: string; hasAudio: boolean }) {
  const text = await fsp.readFile(o.playlist, 'utf8');
  const seconds = parseMediaPlaylist(text).totalSeconds;
  const tmp = `${o.output}.part`;
  await runFfmpeg(
    buildArgs({ kind: 'remux-mp4', input: o.playlist, output: tmp, hasAudio: o.hasAudio }),
    // Stream copy runs far faster than real time; the bound only catches a stuck process.
    { timeoutMs: 60_000 + seconds * 1_000 },
  );
  await fsp.rename(tmp, o.output);
  return { durationSeconds: seconds, size: (await fsp.stat(o.output)).size };
}
