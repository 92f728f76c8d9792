import type { PlannedRendition, Rendition } from '../ladder.js';
import { aacArgs, h264Args, inputArgs, localPath } from './common.js';

export interface VodHlsTask {
  kind: 'vod-hls';
  input: string;
  outputDir: string;
  renditions: PlannedRendition[];
  audio: 'none' | 'copy' | 'encode';
  fps: number;
  segmentSeconds: number;
  keyframeSeconds: number;
  preset?: string;
}

/**
 * A live game's picture rendered once, ahead of time, as a seamless loop: one video stream per
 * rendition (already scaled and encoded, keyframes every segment) plus one audio stream, in an MP4
 * that the publisher then sends live by stream copy. Encoding the ladder in real time for the
 * whole game cost about half a core per game and fell behind the clock on a busy machine.
 */
export interface LiveLoopTask {
  kind: 'live-loop';
  /** A filter graph with [vout] and [aout] pads (see synthetic.ts), generated as fast as possible. */
  graph: string;
  output: string;
  renditions: Rendition[];
  fps: number;
  /** A whole number of segments, so every segment stays the same length across the loop's seam. */
  seconds: number;
  keyframeSeconds: number;
  preset?: string;
}

/**
 * A finished synthetic game (a demo replay) rendered straight into its HLS ladder, with a cap on
 * the threads ffmpeg uses: the demo's first start renders every game and must leave the machine
 * usable meanwhile.
 */
export interface SyntheticVodTask {
  kind: 'synthetic-vod';
  /** A filter graph with [vout] and [aout] pads (see synthetic.ts), at the top rendition's size. */
  graph: string;
  outputDir: string;
  renditions: Rendition[];
  fps: number;
  durationSeconds: number;
  segmentSeconds: number;
  keyframeSeconds: number;
  preset: string;
  threads: number;
}

/**
 * A rendered loop → live HLS with a DVR window, by stream copy at the input's native rate
 * (`-re`), looping forever with timestamps that keep counting: an EVENT playlist that keeps every
 * segment (`-hls_list_size 0`; viewers get its last LIVE_DVR_WINDOW_SECONDS), and that becomes
 * the VOD once #EXT-X-ENDLIST is written. Program date-times let players and the latency benchmark
 * map segments to the wall clock.
 */
export interface LivePublishTask {
  kind: 'live-publish';
  /** The loop (LiveLoopTask's output). */
  input: string;
  outputDir: string;
  renditionCount: number;
  segmentSeconds: number;
  /** Continue an existing recording (after a restart) instead of starting a new one. */
  append: boolean;
  /**
   * The publisher stops itself after this long: one whose server was killed (SIGKILL, no chance
   * to stop it) still ends with its game instead of running forever.
   */
  maxSeconds?: number;
}

/**
 * An encoder's stream, arriving as FLV on stdin (the RTMP ingest), encoded in real time into the
 * live ladder: one decode, scaled per rendition at a fixed frame rate with keyframes every segment
 * so the renditions' segments line up, into EVENT playlists as the synthetic live writes them.
 */
export interface LiveIngestTask {
  kind: 'live-ingest';
  outputDir: string;
  renditions: Rendition[];
  hasAudio: boolean;
  fps: number;
  segmentSeconds: number;
  append: boolean;
  preset?: string;
}

/** The HLS muxer part shared by VOD and live: one folder per rendition (v0, v1, ...). */
function hlsOutput(
  dir: string,
  count: number,
  withAudio: boolean,
  flags: string[],
  extra: string[],
): string[] {
  const out = localPath(dir);
  const streamMap = Array.from({ length: count }, (_, i) =>
    withAudio ? `v:${i},a:${i}` : `v:${i}`,
  ).join(' ');
  return [
    '-f',
    'hls',
    ...extra,
    '-hls_flags',
    flags.join('+'),
    '-hls_segment_type',
    'mpegts',
    '-hls_segment_filename',
    `${out}/v%v/seg_%05d.ts`,
    // The master playlist is written by us (master.ts): ffmpeg 4.1 crashes writing it with a
    // var_stream_map, and ours carries CODECS and FRAME-RATE.
    '-var_stream_map',
    streamMap,
    `${out}/v%v/index.m3u8`,
  ];
}

/** Source file → HLS ladder in one decode: split, scale per rendition, fixed keyframes. */
export function vodHlsArgs(t: VodHlsTask): string[] {
  const preset = t.preset ?? 'veryfast';
  const encoded = t.renditions.map((r, i) => ({ r, i })).filter(({ r }) => !r.copyVideo);
  const args = ['-y', ...inputArgs(t.input)];
  if (encoded.length > 0) {
    const split =
      encoded.length === 1
        ? `[0:v]null[s${encoded[0]?.i}]`
        : `[0:v]split=${encoded.length}${encoded.map(({ i }) => `[s${i}]`).join('')}`;
    const scales = encoded.map(({ r, i }) => `[s${i}]scale=${r.width}:${r.height}[v${i}]`);
    args.push('-filter_complex', [split, ...scales].join(';'));
  }
  t.renditions.forEach((r, i) => args.push('-map', r.copyVideo ? '0:v:0' : `[v${i}]`));
  if (t.audio !== 'none') t.renditions.forEach(() => args.push('-map', '0:a:0'));
  t.renditions.forEach((r, i) => {
    if (r.copyVideo) {
      args.push(`-c:v:${i}`, 'copy');
      return;
    }
    args.push(
      ...h264Args({
        stream: `v:${i}`,
        preset,
        kbps: r.videoKbps,
        keyframeSeconds: t.keyframeSeconds,
        fps: t.fps,
      }),
      `-force_key_frames:v:${i}`,
      `expr:gte(t,n_forced*${t.keyframeSeconds})`,
    );
  });
  if (t.audio === 'copy') args.push('-c:a', 'copy');
  if (t.audio === 'encode') args.push(...aacArgs(t.renditions[0]?.audioKbps ?? 128));
  const hls = hlsOutput(
    t.outputDir,
    t.renditions.length,
    t.audio !== 'none',
    ['independent_segments'],
    ['-hls_time', String(t.segmentSeconds), '-hls_playlist_type', 'vod'],
  );
  return [...args, ...hls];
}

/**
 * A synthetic graph's [vout] split and scaled per rendition, each encoded with fixed keyframes:
 * the filter and encoder arguments the loop file and a demo game's VOD share.
 */
function syntheticLadderArgs(t: {
  graph: string;
  renditions: readonly Rendition[];
  fps: number;
  keyframeSeconds: number;
  preset: string;
  audio: string;
}): string[] {
  const n = t.renditions.length;
  const split =
    n === 1
      ? `[vout]null[s0]`
      : `[vout]split=${n}${t.renditions.map((_, i) => `[s${i}]`).join('')}`;
  const scales = t.renditions.map((r, i) => `[s${i}]scale=${r.width}:${r.height}[v${i}]`);
  const args = [
    '-filter_complex',
    [t.graph, split, ...scales, ...(t.audio ? [t.audio] : [])].join(';'),
  ];
  t.renditions.forEach((_, i) => args.push('-map', `[v${i}]`));
  t.renditions.forEach((r, i) =>
    args.push(
      ...h264Args({
        stream: `v:${i}`,
        preset: t.preset,
        kbps: r.videoKbps,
        keyframeSeconds: t.keyframeSeconds,
        fps: t.fps,
      }),
      `-force_key_frames:v:${i}`,
      `expr:gte(t,n_forced*${t.keyframeSeconds})`,
    ),
  );
  return args;
}

/** Synthetic graph → the loop file: split and scale per rendition, fixed keyframes, one audio. */
export function liveLoopArgs(t: LiveLoopTask): string[] {
  const video = syntheticLadderArgs({ ...t, preset: t.preset ?? 'veryfast', audio: '' });
  return [
    '-y',
    ...video,
    '-map',
    '[aout]',
    ...aacArgs(t.renditions[0]?.audioKbps ?? 96),
    '-t',
    t.seconds.toFixed(3),
    '-movflags',
    '+faststart',
    localPath(t.output),
  ];
}

/**
 * Synthetic graph → a finished game's HLS ladder in one ffmpeg: no intermediate MP4 decoded
 * again, every rendition encoded from the generated frames, fixed keyframes (clips cut on them).
 * Filters and encoders each get `threads` threads, so a demo game holds about that many cores.
 */
export function syntheticVodArgs(t: SyntheticVodTask): string[] {
  const n = t.renditions.length;
  const audio = `[aout]asplit=${n}${t.renditions.map((_, i) => `[a${i}]`).join('')}`;
  const threads = String(t.threads);
  const args = ['-y', '-filter_complex_threads', threads, ...syntheticLadderArgs({ ...t, audio })];
  t.renditions.forEach((_, i) => args.push('-map', `[a${i}]`));
  args.push(...aacArgs(t.renditions[0]?.audioKbps ?? 128), '-threads', threads);
  args.push('-t', t.durationSeconds.toFixed(3));
  const hls = hlsOutput(
    t.outputDir,
    n,
    true,
    ['independent_segments'],
    ['-hls_time', String(t.segmentSeconds), '-hls_playlist_type', 'vod'],
  );
  return [...args, ...hls];
}

/**
 * A live playlist's flags. Program date-times map segments to the wall clock (players, the latency
 * benchmark), but only on a fresh recording: ffmpeg 4.1 does not read them back when it appends,
 * and stamps the whole list again from its own start, old segments as if published now and new
 * ones later by the length of the recording. A continued recording is left without any rather
 * than with false ones. No #EXT-X-ENDLIST from ffmpeg when it stops (omit_endlist): an encoder
 * stops also when the game goes on (its worker died or restarts, its publisher reconnects), and
 * players that read ENDLIST stop there. The end of the game writes it (finalizeLiveRecording).
 */
export function liveFlags(append: boolean): string[] {
  return append
    ? ['independent_segments', 'omit_endlist', 'append_list']
    : ['independent_segments', 'omit_endlist', 'program_date_time'];
}

export function livePublishArgs(t: LivePublishTask): string[] {
  const args = ['-y', '-re', '-stream_loop', '-1', ...inputArgs(t.input)];
  for (let i = 0; i < t.renditionCount; i += 1) args.push('-map', `0:v:${i}`);
  // Every rendition carries the same audio track: the loop holds it once.
  for (let i = 0; i < t.renditionCount; i += 1) args.push('-map', '0:a:0');
  args.push('-c', 'copy');
  if (t.maxSeconds !== undefined) args.push('-t', t.maxSeconds.toFixed(0));
  const flags = liveFlags(t.append);
  return [
    ...args,
    ...hlsOutput(t.outputDir, t.renditionCount, true, flags, [
      '-hls_time',
      String(t.segmentSeconds),
      '-hls_list_size',
      '0',
      '-hls_playlist_type',
      'event',
    ]),
  ];
}

export function liveIngestArgs(t: LiveIngestTask): string[] {
  const n = t.renditions.length;
  // Only the pipe: what the publisher sends cannot make ffmpeg open anything else. No frame-rate
  // probe: ffmpeg went on reading the stream to estimate a rate that the fps filter below sets
  // anyway before it encoded a frame, and a (re)connected publisher's first segment waited for
  // that stretch of stream at real time (ffmpeg 4.1: 0.8 s at 15 frames a second, 0.4 s at 30).
  const args = [
    '-y',
    '-protocol_whitelist',
    'pipe',
    '-fpsprobesize',
    '0',
    '-f',
    'flv',
    '-i',
    'pipe:0',
  ];
  const split =
    n === 1 ? `[0:v]null[s0]` : `[0:v]split=${n}${t.renditions.map((_, i) => `[s${i}]`).join('')}`;
  const scales = t.renditions.map(
    (r, i) => `[s${i}]fps=${t.fps},scale=${r.width}:${r.height},setsar=1[v${i}]`,
  );
  args.push('-filter_complex', [split, ...scales].join(';'));
  t.renditions.forEach((_, i) => args.push('-map', `[v${i}]`));
  if (t.hasAudio) t.renditions.forEach(() => args.push('-map', '0:a:0'));
  t.renditions.forEach((r, i) =>
    args.push(
      ...h264Args({
        stream: `v:${i}`,
        preset: t.preset ?? 'veryfast',
        kbps: r.videoKbps,
        keyframeSeconds: t.segmentSeconds,
        fps: t.fps,
      }),
      `-force_key_frames:v:${i}`,
      `expr:gte(t,n_forced*${t.segmentSeconds})`,
    ),
  );
  if (t.hasAudio) args.push(...aacArgs(t.renditions[0]?.audioKbps ?? 96));
  const flags = liveFlags(t.append);
  return [
    ...args,
    ...hlsOutput(t.outputDir, n, t.hasAudio, flags, [
      '-hls_time',
      String(t.segmentSeconds),
      '-hls_list_size',
      '0',
      '-hls_playlist_type',
      'event',
    ]),
  ];
}
