import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { buildArgs } from './args/task.js';
import { syntheticGraph, type SyntheticPicture } from './args/synthetic.js';
import { masterPlaylist } from './hls/master.js';
import { finalizeRecording, parseMediaPlaylist } from './hls/playlist.js';
import type { Rendition } from './ladder.js';
import { spawnFfmpeg, type FfmpegProcess, type RunOptions } from './runner.js';

/** Live renditions: smaller than the VOD ladder, since every live game encodes in real time. */
export const LIVE_LADDER: readonly Rendition[] = [
  { name: '720p', width: 1280, height: 720, videoKbps: 2_000, audioKbps: 96 },
  { name: '360p', width: 640, height: 360, videoKbps: 600, audioKbps: 96 },
];

export interface LiveEncoderOptions {
  outputDir: string;
  picture: Omit<SyntheticPicture, 'realtime' | 'width' | 'height'>;
  ladder?: readonly Rendition[];
  segmentSeconds?: number;
  /** See LiveHlsTask.maxSeconds: the game's remaining time plus a margin. */
  maxSeconds?: number;
  runOptions?: RunOptions;
}

/**
 * Starts the built-in live encoder: a real-time synthetic game into an EVENT playlist per rendition
 * (the DVR window is the whole game). An existing recording in outputDir is continued, so a
 * restarted server resumes the same stream instead of losing what was already broadcast.
 */
export async function startLiveEncoder(o: LiveEncoderOptions): Promise<FfmpegProcess> {
  const ladder = o.ladder ?? LIVE_LADDER;
  const top = ladder[0];
  if (!top) throw new Error('empty ladder');
  await fsp.mkdir(o.outputDir, { recursive: true });
  const append = fs.existsSync(path.join(o.outputDir, 'v0', 'index.m3u8'));
  if (append) await reopenRecording(o.outputDir);
  await fsp.writeFile(
    path.join(o.outputDir, 'master.m3u8'),
    masterPlaylist(ladder, { fps: o.picture.fps, hasAudio: true }),
  );
  const args = buildArgs({
    kind: 'live-hls',
    graph: syntheticGraph({ ...o.picture, width: top.width, height: top.height, realtime: true }),
    outputDir: o.outputDir,
    renditions: [...ladder],
    fps: o.picture.fps,
    segmentSeconds: o.segmentSeconds ?? 2,
    append,
    ...(o.maxSeconds !== undefined ? { maxSeconds: o.maxSeconds } : {}),
  });
  return spawnFfmpeg(args, o.runOptions);
}

/** An ended playlist must lose its ENDLIST before ffmpeg appends to it, or players stop there. */
async function reopenRecording(dir: string): Promise<void> {
  for (const variant of await variantDirs(dir)) {
    const file = path.join(dir, variant, 'index.m3u8');
    const text = await fsp.readFile(file, 'utf8');
    if (text.includes('#EXT-X-ENDLIST')) {
      await fsp.writeFile(file, text.replace(/#EXT-X-ENDLIST\s*$/, ''));
    }
  }
}

async function variantDirs(dir: string): Promise<string[]> {
  const entries = await fsp.readdir(dir, { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory() && /^v\d+$/.test(e.name))
    .map((e) => e.name)
    .sort();
}

/**
 * The live recording becomes a VOD: every rendition's playlist gets type VOD and #EXT-X-ENDLIST
 * (also when the encoder died without writing them). Returns the recorded duration.
 */
export async function finalizeLiveRecording(dir: string): Promise<{ durationSeconds: number }> {
  let duration = 0;
  for (const variant of await variantDirs(dir)) {
    const file = path.join(dir, variant, 'index.m3u8');
    const text = await fsp.readFile(file, 'utf8');
    const final = finalizeRecording(text);
    const tmp = `${file}.tmp`;
    await fsp.writeFile(tmp, final);
    await fsp.rename(tmp, file);
    duration = Math.max(duration, parseMediaPlaylist(final).totalSeconds);
  }
  return { durationSeconds: duration };
}
