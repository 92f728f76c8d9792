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

export interface LiveHlsTask {
  kind: 'live-hls';
  /** A filter graph with [vout] and [aout] pads that runs at real time (see synthetic.ts). */
  graph: string;
  outputDir: string;
  renditions: Rendition[];
  fps: number;
  segmentSeconds: number;
  /**
   * Keyframe interval; default min(2, segmentSeconds), as for VOD. Segments still end on the first
   * keyframe after segmentSeconds; keyframes inside them let a clip copy whole GOPs and keep its
   * re-encoded edge short (cutClip), and players seek the DVR window more precisely.
   */
  keyframeSeconds?: number;
  /** Continue an existing recording (after a restart) instead of starting a new one. */
  append: boolean;
  /** x264 preset; every live game encodes in real time, so cheaper is better. */
  preset?: string;
  /**
   * The encoder stops itself after this long: an encoder whose server was killed (SIGKILL, no
   * chance to stop it) still ends with its game instead of running forever.
   */
  maxSeconds?: number;
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
 * Real-time graph → live HLS with a DVR window: an EVENT playlist that keeps every segment
 * (`-hls_list_size 0`), so viewers can seek back to the start, and that becomes the VOD once
 * #EXT-X-ENDLIST is written. Program date-times let players and the latency benchmark map segments
 * to the encoder's clock.
 */
export function liveHlsArgs(t: LiveHlsTask): string[] {
  const n = t.renditions.length;
  const splitV =
    n === 1
      ? `[vout]null[s0]`
      : `[vout]split=${n}${t.renditions.map((_, i) => `[s${i}]`).join('')}`;
  const splitA =
    n === 1
      ? `[aout]anull[a0]`
      : `[aout]asplit=${n}${t.renditions.map((_, i) => `[a${i}]`).join('')}`;
  const scales = t.renditions.map((r, i) => `[s${i}]scale=${r.width}:${r.height}[v${i}]`);
  const graph = [t.graph, splitV, splitA, ...scales].join(';');
  const args = ['-y', '-filter_complex', graph];
  t.renditions.forEach((_, i) => args.push('-map', `[v${i}]`));
  t.renditions.forEach((_, i) => args.push('-map', `[a${i}]`));
  t.renditions.forEach((r, i) =>
    args.push(
      ...h264Args({
        stream: `v:${i}`,
        preset: t.preset ?? 'veryfast',
        kbps: r.videoKbps,
        keyframeSeconds: t.keyframeSeconds ?? Math.min(2, t.segmentSeconds),
        fps: t.fps,
      }),
    ),
  );
  args.push('-tune', 'zerolatency', ...aacArgs(t.renditions[0]?.audioKbps ?? 96));
  if (t.maxSeconds !== undefined) args.push('-t', t.maxSeconds.toFixed(0));
  const flags = ['independent_segments', 'program_date_time', ...(t.append ? ['append_list'] : [])];
  return [
    ...args,
    ...hlsOutput(t.outputDir, n, true, flags, [
      '-hls_time',
      String(t.segmentSeconds),
      '-hls_list_size',
      '0',
      '-hls_playlist_type',
      'event',
    ]),
  ];
}
