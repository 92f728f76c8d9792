import { h264Args, inputArgs, localPath } from './common.js';

/**
 * Input-side seeking (-ss before -i) jumps straight to the keyframe; output-side decodes from the
 * start. The fallback exists because ffmpeg 4.1 outputs nothing when seeking into an HLS playlist
 * of a single segment.
 */
export type SeekMode = 'input' | 'output';

export interface PosterTask {
  kind: 'poster';
  input: string;
  output: string;
  atSeconds: number;
  width: number;
  seek?: SeekMode;
  /** atSeconds is on the input's own clock (MPEG-TS timestamps), not from its first packet. */
  sourceClock?: boolean;
}

export interface ThumbnailsTask {
  kind: 'thumbnails';
  input: string;
  /** A printf pattern for the sheets, e.g. /dir/sprite_%03d.jpg. */
  outputPattern: string;
  intervalSeconds: number;
  columns: number;
  rows: number;
  width: number;
  height: number;
  /** Decode keyframes only: much faster, fine when keyframes come at least every interval. */
  keyframesOnly: boolean;
}

export interface PreviewTask {
  kind: 'preview';
  input: string;
  output: string;
  startSeconds: number;
  durationSeconds: number;
  height: number;
  kbps: number;
  seek?: SeekMode;
}

export interface RemuxMp4Task {
  kind: 'remux-mp4';
  /** A media playlist (one rendition) or any file ffmpeg reads. */
  input: string;
  output: string;
  hasAudio: boolean;
  /**
   * PTS of the first picture shown, in 90 kHz ticks on the input's own (MPEG-TS) clock; null
   * leaves ffmpeg's own start. See remuxMp4Args.
   */
  firstPictureTicks: number | null;
}

function seekAround(input: string, seconds: number, mode: SeekMode = 'input'): string[] {
  const at = ['-ss', seconds.toFixed(3)];
  return mode === 'input' ? [...at, ...inputArgs(input)] : [...inputArgs(input), ...at];
}

/** One frame at atSeconds. */
export function posterArgs(t: PosterTask): string[] {
  return [
    '-y',
    ...(t.sourceClock ? ['-copyts'] : []),
    ...seekAround(t.input, t.atSeconds, t.seek),
    '-frames:v',
    '1',
    '-vf',
    `scale=min(${t.width}\\,iw):-2`,
    '-q:v',
    '3',
    '-f',
    'image2',
    localPath(t.output),
  ];
}

/** Sprite sheets of columns×rows thumbnails, one every intervalSeconds; a WebVTT maps them. */
export function thumbnailsArgs(t: ThumbnailsTask): string[] {
  return [
    '-y',
    ...(t.keyframesOnly ? ['-skip_frame', 'nokey'] : []),
    ...inputArgs(t.input),
    '-an',
    '-sn',
    '-vf',
    `fps=1/${t.intervalSeconds},scale=${t.width}:${t.height},tile=${t.columns}x${t.rows}`,
    '-vsync',
    'vfr',
    '-q:v',
    '5',
    '-start_number',
    '0',
    '-f',
    'image2',
    localPath(t.outputPattern),
  ];
}

/** A short silent clip for cards and hover previews (media kinds 6 and 7). */
export function previewArgs(t: PreviewTask): string[] {
  return [
    '-y',
    ...seekAround(t.input, t.startSeconds, t.seek),
    '-t',
    t.durationSeconds.toFixed(3),
    '-an',
    '-vf',
    // Never taller than the source: min() is escaped for the filter graph.
    `scale=-2:min(${t.height}\\,ih)`,
    ...h264Args({ preset: 'veryfast', kbps: t.kbps, keyframeSeconds: 2, fps: 25 }),
    '-movflags',
    '+faststart',
    localPath(t.output),
  ];
}

/**
 * HLS → one MP4 without re-encoding (downloads, clips); ADTS AAC from MPEG-TS needs the bitstream
 * filter.
 *
 * The MP4 starts at the first picture. An HLS segment starts at a keyframe in decode order, and the
 * segmenter puts the sound interleaved after that keyframe in the same segment, so the sound begins
 * as far before the first picture as that picture's decode delay (80 ms with x264's B-pyramid at
 * 25 fps; the AAC encoder's priming at the start of a game). By default ffmpeg starts the output at
 * the earliest timestamp, the sound's, and the picture gets an empty edit: the file begins with
 * sound under no picture and runs that much longer than the clip (ffmpeg 4.1's muxer left the empty
 * edit out of the durations it wrote, so this went unseen). Keeping the input's clock (-copyts) and
 * moving the first picture to 0 makes the earlier sound negative time, which the MP4 muxer trims
 * exactly, to the sample, with the sound track's edit list: sync is untouched either way.
 */
export function remuxMp4Args(t: RemuxMp4Task): string[] {
  const start = t.firstPictureTicks;
  return [
    '-y',
    ...(start !== null ? ['-copyts'] : []),
    ...inputArgs(t.input),
    '-map',
    '0:v:0',
    ...(t.hasAudio ? ['-map', '0:a:0', '-bsf:a', 'aac_adtstoasc'] : []),
    '-c',
    'copy',
    ...(start !== null ? ['-output_ts_offset', (-start / 90_000).toFixed(6)] : []),
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    localPath(t.output),
  ];
}
