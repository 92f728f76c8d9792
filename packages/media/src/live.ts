import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { buildArgs } from './args/task.js';
import { syntheticGraph, type SyntheticPicture } from './args/synthetic.js';
import { masterPlaylist } from './hls/master.js';
import {
  finalizeRecording,
  parseMediaPlaylist,
  segmentsInWindow,
  withoutMissingStart,
} from './hls/playlist.js';
import type { Rendition } from './ladder.js';
import {
  awaitFolderEncoders,
  encodeLimits,
  runFfmpeg,
  spawnFfmpeg,
  type FfmpegProcess,
  type RunOptions,
} from './runner.js';

/** Live renditions: smaller than the VOD ladder, since a live game is watched as it happens. */
export const LIVE_LADDER: readonly Rendition[] = [
  { name: '720p', width: 1280, height: 720, videoKbps: 2_000, audioKbps: 96 },
  { name: '360p', width: 640, height: 360, videoKbps: 600, audioKbps: 96 },
];

/** Long enough that the repeat is not obvious, short enough to render in a few seconds. */
export const LIVE_LOOP_SECONDS = 30;

/**
 * Live segments (and keyframes) every second: a segment is listed only once complete, so the
 * newest one is up to a segment old, and a player holds a couple of segments back. At 2 s the
 * player sat 5-6 s behind the wall clock; at 1 s it holds about 2-3 s (docs/decisions.md).
 */
export const LIVE_SEGMENT_SECONDS = 1;

export interface LiveLoopOptions {
  /** Where the loop file goes; written under a temporary name and renamed when complete. */
  output: string;
  picture: Omit<SyntheticPicture, 'width' | 'height'>;
  ladder?: readonly Rendition[];
  segmentSeconds?: number;
  seconds?: number;
  runOptions?: RunOptions;
}

/**
 * Renders a live game's loop once (if it is not there yet): the whole cost of a synthetic live
 * game, paid in a few seconds of CPU at its start instead of an encoder running for its length.
 */
export async function ensureLiveLoop(o: LiveLoopOptions): Promise<void> {
  if (fs.existsSync(o.output)) return;
  const ladder = o.ladder ?? LIVE_LADDER;
  const top = ladder[0];
  if (!top) throw new Error('empty ladder');
  const segment = o.segmentSeconds ?? LIVE_SEGMENT_SECONDS;
  // A whole number of segments: the seam then falls on a segment boundary.
  const seconds = Math.max(1, Math.round((o.seconds ?? LIVE_LOOP_SECONDS) / segment)) * segment;
  await fsp.mkdir(path.dirname(o.output), { recursive: true });
  // Workers sharing MEDIA_DIR may render the same loop at once: each writes its own partial file
  // (one name each, so neither renames or overwrites the other's) and renames it into place, which
  // atomically replaces a copy another writer finished first with an equal one.
  const partial = `${o.output}.${process.pid}-${randomBytes(4).toString('hex')}.partial.mp4`;
  try {
    await runFfmpeg(
      buildArgs({
        kind: 'live-loop',
        graph: syntheticGraph({ ...o.picture, width: top.width, height: top.height }),
        output: partial,
        renditions: [...ladder],
        fps: o.picture.fps,
        seconds,
        keyframeSeconds: segment,
      }),
      { ...encodeLimits(seconds), ...o.runOptions },
    );
    await fsp.rename(partial, o.output);
  } finally {
    await fsp.rm(partial, { force: true });
  }
}

export interface LivePublisherOptions {
  /** The loop made by ensureLiveLoop, with the same ladder and segment length. */
  loop: string;
  outputDir: string;
  fps: number;
  ladder?: readonly Rendition[];
  segmentSeconds?: number;
  /** See LivePublishTask.maxSeconds: the game's remaining time plus a margin. */
  maxSeconds?: number;
  runOptions?: RunOptions;
}

/**
 * Starts publishing a live game: the loop sent on at real time by stream copy (a percent of a
 * core) into an EVENT playlist per rendition (the whole game; viewers get its DVR window, see
 * liveWindow). An existing recording in outputDir is continued, so a restarted server resumes the
 * same stream instead of losing what was already broadcast.
 */
export async function startLivePublisher(o: LivePublisherOptions): Promise<FfmpegProcess> {
  const ladder = o.ladder ?? LIVE_LADDER;
  await fsp.mkdir(o.outputDir, { recursive: true });
  const append = await reopenRecording(o.outputDir, o.segmentSeconds ?? LIVE_SEGMENT_SECONDS);
  await fsp.writeFile(
    path.join(o.outputDir, 'master.m3u8'),
    masterPlaylist(ladder, { fps: o.fps, hasAudio: true }),
  );
  const args = buildArgs({
    kind: 'live-publish',
    input: o.loop,
    outputDir: o.outputDir,
    renditionCount: ladder.length,
    segmentSeconds: o.segmentSeconds ?? LIVE_SEGMENT_SECONDS,
    append,
    ...(o.maxSeconds !== undefined ? { maxSeconds: o.maxSeconds } : {}),
  });
  // ffmpeg 4.1 stamps the first segment's program date-time with the whole second it started in
  // (time(), no fraction), so a start at 12.7 s labels every frame 0.7 s earlier than it went out.
  // Started on the second, the stamp is late only by ffmpeg's own start-up.
  await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000)));
  return spawnFfmpeg(args, { ...o.runOptions, live: true });
}

/**
 * Where a live game's loop is kept by default: beside its output folder, never served. The name
 * carries the segment length its keyframes were made for: a loop cut for another one (an older
 * version's) is rendered again rather than published with segments of the wrong length.
 */
export const loopFileFor = (outputDir: string, segmentSeconds = LIVE_SEGMENT_SECONDS) =>
  `${path.resolve(outputDir)}.loop-${segmentSeconds}s.mp4`;

/** A synthetic live game in one call: its loop rendered if needed, then published. */
export async function startSyntheticLive(
  o: Omit<LivePublisherOptions, 'loop' | 'fps'> & {
    picture: LiveLoopOptions['picture'];
    loop?: string;
  },
): Promise<FfmpegProcess> {
  const loop = o.loop ?? loopFileFor(o.outputDir, o.segmentSeconds);
  await ensureLiveLoop({
    output: loop,
    picture: o.picture,
    ...(o.ladder ? { ladder: o.ladder } : {}),
    ...(o.segmentSeconds ? { segmentSeconds: o.segmentSeconds } : {}),
    ...(o.runOptions ? { runOptions: o.runOptions } : {}),
  });
  return startLivePublisher({ ...o, loop, fps: o.picture.fps });
}

/**
 * Makes a recording in `dir` ready for ffmpeg to continue (append_list); false when there is none.
 * ffmpeg numbers the next segment from what it reads: MEDIA-SEQUENCE plus the entries listed. A
 * playlist it was rewriting in place (truncate, then write) when the process was killed is empty
 * or cut off, and one rendition's may be missing: that rendition then started over at seg_00000
 * and wrote over what was recorded (docs/decisions.md). Such a playlist is rebuilt first: what it
 * still lists, then every segment file on disk after that, with a healthy rendition's duration for
 * the same segment (the renditions are cut at the same keyframes) or `segmentSeconds`. An ended
 * playlist loses its ENDLIST, or players would stop there. Written to a temporary file and renamed.
 */
async function reopenRecording(dir: string, segmentSeconds: number): Promise<boolean> {
  if (!fs.existsSync(dir)) return false;
  const variants = await Promise.all(
    (await variantDirs(dir)).map(async (name) => {
      const folder = path.join(dir, name);
      const text = await fsp.readFile(path.join(folder, 'index.m3u8'), 'utf8').catch(() => '');
      const numbers = (await fsp.readdir(folder))
        .map((n) => /^seg_(\d+)\.ts$/.exec(n)?.[1])
        .filter((n): n is string => n !== undefined)
        .map(Number)
        .sort((a, b) => a - b);
      const list = text.startsWith('#EXTM3U') ? parseMediaPlaylist(text) : null;
      const next = list ? list.mediaSequence + list.segments.length : 0;
      // The newest file may be the segment ffmpeg was writing when it was killed, never listed:
      // ffmpeg writing it again loses nothing that went out.
      const healthy = list !== null && next >= (numbers.at(-1) ?? -1);
      return { folder, text, numbers, list, healthy };
    }),
  );
  if (!variants.some((v) => v.list || v.numbers.length > 0)) return false;
  // Durations (and restarts) of each segment as a healthy rendition lists them.
  const known = new Map<string, { durationSeconds: number; discontinuity: boolean }>();
  for (const v of variants) {
    if (!v.healthy || !v.list) continue;
    for (const s of v.list.segments) if (!known.has(s.uri)) known.set(s.uri, s);
  }
  for (const v of variants) {
    const file = path.join(v.folder, 'index.m3u8');
    let text: string;
    if (v.healthy) {
      if (!v.text.includes('#EXT-X-ENDLIST')) continue;
      text = v.text.replace(/#EXT-X-ENDLIST\s*$/, '');
    } else {
      if (v.numbers.length === 0) continue;
      const listed = v.list?.segments ?? [];
      const first = listed.length > 0 ? (v.list?.mediaSequence ?? 0) : (v.numbers[0] ?? 0);
      const entries = listed.map((s) => ({ ...s }));
      const newest = v.numbers.at(-1) ?? 0;
      // Up to the newest file (but that one only if it was complete: a healthy rendition lists
      // it), every number, so that ffmpeg's count goes past them; a number without its file can
      // only be an old segment deleted with the DVR window (pruneLiveRecording).
      const last = known.has(segmentName(newest)) ? newest : newest - 1;
      for (let n = first + listed.length; n <= last; n += 1) {
        const uri = segmentName(n);
        const seen = known.get(uri);
        entries.push({
          uri,
          durationSeconds: seen?.durationSeconds ?? segmentSeconds,
          discontinuity: seen?.discontinuity ?? false,
          programDateTime: null,
        });
      }
      const longest = Math.max(segmentSeconds, ...entries.map((e) => e.durationSeconds));
      text = [
        '#EXTM3U',
        '#EXT-X-VERSION:3',
        `#EXT-X-TARGETDURATION:${Math.ceil(longest)}`,
        `#EXT-X-MEDIA-SEQUENCE:${first}`,
        '#EXT-X-PLAYLIST-TYPE:EVENT',
        ...entries.flatMap((e) => [
          ...(e.discontinuity ? ['#EXT-X-DISCONTINUITY'] : []),
          `#EXTINF:${e.durationSeconds.toFixed(6)},`,
          e.uri,
        ]),
        '',
      ].join('\n');
    }
    await fsp.writeFile(`${file}.tmp`, text);
    await fsp.rename(`${file}.tmp`, file);
  }
  return true;
}

/** The name hlsOutput gives a live segment (seg_%05d.ts). */
const segmentName = (n: number) => `seg_${String(n).padStart(5, '0')}.ts`;

async function variantDirs(dir: string): Promise<string[]> {
  const entries = await fsp.readdir(dir, { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory() && /^v\d+$/.test(e.name))
    .map((e) => e.name)
    .sort();
}

/**
 * The live recording becomes a VOD: every rendition's playlist gets type VOD and #EXT-X-ENDLIST
 * (also when the encoder died without writing them). Returns the recorded duration. `stored` says
 * whether a segment (`v0/seg_00001.ts`) is kept: on this disk by default; with a bucket, there too
 * (a recording continued here after a takeover has its earlier segments only in the bucket).
 */
export async function finalizeLiveRecording(
  dir: string,
  stored: (name: string) => boolean = () => false,
): Promise<{ durationSeconds: number }> {
  let duration = 0;
  for (const variant of await variantDirs(dir)) {
    const file = path.join(dir, variant, 'index.m3u8');
    const text = await fsp.readFile(file, 'utf8');
    // A recording kept only for its DVR window (pruneLiveRecording) lost its oldest segments.
    const kept = withoutMissingStart(
      text,
      (uri) => stored(`${variant}/${uri}`) || fs.existsSync(path.join(dir, variant, uri)),
    );
    const final = finalizeRecording(kept);
    const tmp = `${file}.tmp`;
    await fsp.writeFile(tmp, final);
    await fsp.rename(tmp, file);
    duration = Math.max(duration, parseMediaPlaylist(final).totalSeconds);
  }
  return { durationSeconds: duration };
}

/**
 * Deletes what a live recording holds beyond its last `keepSeconds` (in every rendition), for a
 * recording nobody needs whole: the demo's synthetic games, a loop sent on and on. Never for a real
 * game, whose recording becomes its VOD. A segment goes when its file is older than `keepSeconds`
 * and the playlist's window does not list it: a torn read of the playlist (ffmpeg rewrites it in
 * place) can then delete nothing recent, and files no playlist lists any more (a rendition whose
 * list started over after a restart) go too. The playlist is left to the encoder (viewers get the
 * window, see liveWindow; finalizeLiveRecording drops what is gone). Returns the files deleted
 * (`v0/seg_00001.ts`), for the live mirror to delete from the bucket.
 */
export async function pruneLiveRecording(
  dir: string,
  keepSeconds: number,
  now = Date.now(),
): Promise<string[]> {
  if (keepSeconds <= 0 || !fs.existsSync(dir)) return [];
  const before = now - keepSeconds * 1000;
  const deleted: string[] = [];
  for (const variant of await variantDirs(dir)) {
    const folder = path.join(dir, variant);
    const text = await fsp.readFile(path.join(folder, 'index.m3u8'), 'utf8').catch(() => '');
    const listed = new Set(text.startsWith('#EXTM3U') ? segmentsInWindow(text, keepSeconds) : []);
    for (const name of await fsp.readdir(folder)) {
      if (!name.endsWith('.ts') || listed.has(name)) continue;
      const file = path.join(folder, name);
      const stat = await fsp.stat(file).catch(() => null);
      if (!stat || stat.mtimeMs >= before) continue;
      await fsp.rm(file, { force: true });
      deleted.push(`${variant}/${name}`);
    }
  }
  return deleted;
}

export interface LiveIngestEncoderOptions {
  outputDir: string;
  hasAudio: boolean;
  fps: number;
  ladder?: readonly Rendition[];
  segmentSeconds?: number;
  runOptions?: RunOptions;
}

/**
 * Starts the encoder of a stream pushed to the RTMP ingest: FLV written to its stdin, the live
 * ladder out, laid out as the synthetic live's (v<n>/index.m3u8 beside our master playlist), so
 * playback, DVR and the end of the game treat both alike. A recording already in outputDir (the
 * encoder reconnected) is continued.
 *
 * When its worker dies (kill -9 included) the encoder is not killed with it: it finishes what it
 * was sent, its last segment and playlists, and exits (flushesOnDeath). The next encoder of the
 * folder waits for that (bounded) before it reads the playlists to continue them.
 */
export async function startLiveIngestEncoder(o: LiveIngestEncoderOptions): Promise<FfmpegProcess> {
  const ladder = o.ladder ?? LIVE_LADDER;
  await fsp.mkdir(o.outputDir, { recursive: true });
  await awaitFolderEncoders(o.outputDir);
  const append = await reopenRecording(o.outputDir, o.segmentSeconds ?? LIVE_SEGMENT_SECONDS);
  await fsp.writeFile(
    path.join(o.outputDir, 'master.m3u8'),
    masterPlaylist(ladder, { fps: o.fps, hasAudio: o.hasAudio }),
  );
  const args = buildArgs({
    kind: 'live-ingest',
    outputDir: o.outputDir,
    renditions: [...ladder],
    hasAudio: o.hasAudio,
    fps: o.fps,
    segmentSeconds: o.segmentSeconds ?? LIVE_SEGMENT_SECONDS,
    append,
  });
  return spawnFfmpeg(args, { ...o.runOptions, stdin: true, flushesOnDeath: o.outputDir });
}
