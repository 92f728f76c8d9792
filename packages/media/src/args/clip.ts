import { h264Args, inputArgs, localPath } from './common.js';

/**
 * Clip pieces are cut from one MPEG-TS segment and keep the source's timestamps (-copyts, and
 * -mpegts_copyts so the muxer adds no delay of its own), so they play on from the segments that
 * are linked unchanged. Times are ticks of the 90 kHz MPEG-TS clock.
 */

export interface ClipCopyTask {
  kind: 'clip-copy';
  /** One MPEG-TS segment. */
  input: string;
  output: string;
  /** Packets decoded before fromDts or from toDts on are left out; null keeps the file's edge. */
  fromDts: number | null;
  toDts: number | null;
  hasAudio: boolean;
}

export interface ClipEncodeTask {
  kind: 'clip-encode';
  input: string;
  output: string;
  /** Frames shown in [videoFrom, videoTo) are encoded; videoTo null runs to the file's end. */
  videoFrom: number;
  videoTo: number | null;
  /** Audio is copied from audioFrom (null: the file's start), audioFrames AAC frames (null: all). */
  audioFrom: number | null;
  audioFrames: number | null;
  hasAudio: boolean;
  /**
   * Matched to the source, so that x264's parameter sets usually come out byte-identical to the
   * source's (superfast and veryfast write the same ones) and decode times never overlap.
   */
  kbps: number;
  fps: number;
  /** Frames the decode clock runs behind (0: no B-frames, 1: B-frames, 2: B-pyramid), as in the source. */
  reorderDelay: number;
  preset?: string;
}

/**
 * A tick as an ffmpeg time, 5 µs early: ffmpeg compares in microseconds, and a packet exactly at
 * the cut must land on the kept side whichever way the conversion rounds.
 */
export function cutTime(ticks: number): string {
  return (Math.round((ticks * 1_000_000) / 90_000) / 1_000_000 - 0.000_005).toFixed(6);
}

function maps(hasAudio: boolean): string[] {
  return ['-map', '0:v:0', ...(hasAudio ? ['-map', '0:a:0'] : [])];
}

/**
 * An output -ss shifts timestamps back by the cut, -output_ts_offset puts them where they were;
 * the -ss itself drops what comes before (audio and video alike).
 */
function startAt(ticks: number | null): string[] {
  if (ticks === null) return [];
  const at = cutTime(ticks);
  return ['-ss', at, '-output_ts_offset', at];
}

const tsOutput = (file: string) => ['-mpegts_copyts', '1', '-f', 'mpegts', localPath(file)];

/** Stream copy of whole GOPs or of a prefix that decodes on its own: no decoding at all. */
export function clipCopyArgs(t: ClipCopyTask): string[] {
  return [
    '-y',
    '-copyts',
    ...inputArgs(t.input),
    ...maps(t.hasAudio),
    '-c',
    'copy',
    ...startAt(t.fromDts),
    ...(t.toDts !== null ? ['-to', cutTime(t.toDts)] : []),
    ...tsOutput(t.output),
  ];
}

/**
 * Re-encodes a stretch of one segment. The picture is cut by presentation time in the filter
 * graph (exact, in ticks); the sound is copied and cut by frame count, since it may have to stop
 * a little before the picture does (where a copied GOP takes over on the decode clock).
 * -vsync passthrough keeps every frame's own timestamp.
 */
export function clipEncodeArgs(t: ClipEncodeTask): string[] {
  const trim = [
    `start_pts=${t.videoFrom}`,
    ...(t.videoTo !== null ? [`end_pts=${t.videoTo}`] : []),
  ];
  return [
    '-y',
    '-copyts',
    ...inputArgs(t.input),
    ...maps(t.hasAudio),
    '-vf',
    `trim=${trim.join(':')}`,
    ...h264Args({ preset: t.preset ?? 'superfast', kbps: t.kbps, keyframeSeconds: 2, fps: t.fps }),
    // x264's decode delay follows from its B-frame settings (superfast's own give 2). A source
    // without B-frames is our live encoder's zerolatency output, whose SPS marks a fixed frame rate.
    ...(t.reorderDelay === 0 ? ['-tune', 'zerolatency'] : t.reorderDelay === 1 ? ['-bf', '1'] : []),
    '-vsync',
    'passthrough',
    ...(t.hasAudio
      ? ['-c:a', 'copy', ...(t.audioFrames !== null ? ['-frames:a', String(t.audioFrames)] : [])]
      : []),
    ...startAt(t.audioFrom),
    ...tsOutput(t.output),
  ];
}
