import type { TsVideoFrame } from './hls/mpegts.js';

/**
 * Planning a clip, with no I/O: which source segments are taken whole, and how a partly covered
 * segment is cut into pieces that are stream-copied (whole GOPs, or a prefix that decodes on its
 * own) or re-encoded (only the frames before the first usable keyframe, or after the last one).
 * Times inside a segment are the source's own 90 kHz clock, so the pieces keep its timestamps
 * and play on from one another without a gap.
 */

export class ClipRangeError extends Error {
  constructor(
    message: string,
    /** What the playlist holds right now (a live one grows). */
    readonly availableSeconds: number,
  ) {
    super(message);
    this.name = 'ClipRangeError';
  }
}

/** Segment edges closer than this to a cut are the cut: EXTINF values carry 6 decimals. */
const EDGE_SECONDS = 0.0005;

export interface SegmentCut {
  /** Index in the source playlist. */
  index: number;
  uri: string;
  /** Where the segment starts on the playlist's timeline. */
  startSeconds: number;
  durationSeconds: number;
  /** The part inside the clip, in seconds from the segment's start; null is the segment's own edge. */
  from: number | null;
  to: number | null;
}

/** The source segments a clip touches; a segment with from and to both null is taken whole. */
export function planSegments(
  segments: readonly { uri: string; durationSeconds: number; discontinuity?: boolean }[],
  startSeconds: number,
  durationSeconds: number,
): SegmentCut[] {
  const available = segments.reduce((sum, s) => sum + s.durationSeconds, 0);
  if (!Number.isFinite(startSeconds) || startSeconds < 0) {
    throw new ClipRangeError('the clip must start at or after 0', available);
  }
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) {
    throw new ClipRangeError('the clip must last longer than 0 s', available);
  }
  const end = startSeconds + durationSeconds;
  if (end > available + EDGE_SECONDS) {
    throw new ClipRangeError(
      `the clip ends at ${end.toFixed(3)} s but only ${available.toFixed(3)} s are available`,
      available,
    );
  }
  const cuts: SegmentCut[] = [];
  let at = 0;
  segments.forEach((s, index) => {
    const segStart = at;
    const segEnd = at + s.durationSeconds;
    at = segEnd;
    if (segEnd <= startSeconds + EDGE_SECONDS || segStart >= end - EDGE_SECONDS) return;
    cuts.push({
      index,
      uri: s.uri,
      startSeconds: segStart,
      durationSeconds: s.durationSeconds,
      from: startSeconds > segStart + EDGE_SECONDS ? startSeconds - segStart : null,
      to: end < segEnd - EDGE_SECONDS ? end - segStart : null,
    });
  });
  // Pieces keep the source's timestamps, which start over after a discontinuity: the MP4 could
  // not hold both sides in one timeline.
  if (cuts.slice(1).some((c) => segments[c.index]?.discontinuity === true)) {
    throw new ClipRangeError(
      'the clip spans an interruption of the stream (the live encoder restarted): cut before or after it',
      available,
    );
  }
  return cuts;
}

/**
 * Stream copy of the frames [first, end) of the segment (by presentation order), cut on the
 * decode clock: `fromDts`/`toDts` null keep the file's own start/end. Audio is cut at the same
 * times, so the neighbouring piece continues the sound exactly where this one stops.
 */
export interface CopyPiece {
  kind: 'copy';
  fromDts: number | null;
  toDts: number | null;
  /** Timeline of the piece (first frame's PTS to the next piece's), for the playlist. */
  startPts: number;
  endPts: number;
}

/**
 * Re-encode of the frames with PTS in [videoFrom, videoTo) (videoTo null: to the file's end);
 * the audio is copied from audioFrom (null: the file's start), audioFrames AAC frames long (null:
 * to the file's end), so it meets the neighbouring copies sample-exactly.
 */
export interface EncodePiece {
  kind: 'encode';
  videoFrom: number;
  videoTo: number | null;
  audioFrom: number | null;
  audioFrames: number | null;
  startPts: number;
  endPts: number;
}

export type Piece = CopyPiece | EncodePiece;

export interface SegmentMedia {
  /** Decode order, as read from the file. */
  video: readonly TsVideoFrame[];
  /** PTS of every AAC frame. */
  audio: readonly number[];
}

/** One frame's duration in ticks: the most common step between presentation times. */
export function frameTicks(video: readonly TsVideoFrame[]): number {
  const pts = video.map((f) => f.pts).sort((a, b) => a - b);
  const steps = new Map<number, number>();
  for (let i = 1; i < pts.length; i++) {
    const step = Math.round((pts[i] ?? 0) - (pts[i - 1] ?? 0));
    if (step > 0) steps.set(step, (steps.get(step) ?? 0) + 1);
  }
  let best = 3_600;
  let count = 0;
  for (const [step, n] of steps) {
    if (n > count) [best, count] = [step, n];
  }
  return best;
}

/** ffmpeg keeps a packet when its time is at or after a cut; half a tick of slack for rounding. */
const atOrAfter = (t: number, cut: number) => t >= cut - 0.5;

/**
 * How many frames the decode clock runs behind the presentation clock (0 without B-frames, 2
 * for x264's B-pyramid): a segment starts on a keyframe, which is shown `delay` frames after
 * decoding starts.
 */
export function reorderDelay(video: readonly TsVideoFrame[]): number {
  const first = video[0];
  return first ? Math.max(0, Math.round((first.pts - first.dts) / frameTicks(video))) : 0;
}

export interface PiecesPlan {
  pieces: Piece[];
  /**
   * The last piece is re-encoded up to the file's end but is too short for the encoder to hold
   * its decode clock as far behind as the source's (x264 needs delay + 1 frames): its last frames
   * would decode after the next segment's first. Plan this segment joined with the next instead.
   */
  needsNext: boolean;
}

/**
 * Cuts one partly covered segment. `fromPts`/`toPts` (null: the segment's own edges) are rounded
 * to the nearest frame. Returns no piece when less than half a frame of it is inside the clip.
 */
export function planPieces(
  media: SegmentMedia,
  o: { fromPts: number | null; toPts: number | null; segmentEndPts: number },
): PiecesPlan {
  const decode = media.video;
  const n = decode.length;
  if (n === 0) return { pieces: [], needsNext: false };
  const order = decode.map((f, dp) => ({ ...f, dp })).sort((a, b) => a.pts - b.pts);
  const frame = frameTicks(decode);
  const indexAt = (pts: number | null, fallback: number) => {
    if (pts === null) return fallback;
    const i = order.findIndex((f) => f.pts >= pts - frame / 2);
    return i < 0 ? n : i;
  };
  const first = indexAt(o.fromPts, 0);
  const last = indexAt(o.toPts, n);
  if (first >= last) return { pieces: [], needsNext: false };
  const minFrames = reorderDelay(decode) + 1;

  // clean[j]: the first j frames on screen are the first j decoded, so a cut before frame j
  // splits the segment into two parts that each decode on their own.
  const clean: boolean[] = [true];
  let maxDp = -1;
  order.forEach((f, i) => {
    maxDp = Math.max(maxDp, f.dp);
    clean[i + 1] = maxDp === i;
  });
  const copyStart = (j: number) =>
    j === n || (clean[j] === true && order[j]?.isKey === true && order[j]?.dp === j);
  const ptsAt = (j: number) => (j < n ? (order[j]?.pts ?? 0) : o.segmentEndPts);
  const dtsCut = (j: number) => (j === 0 || j === n ? null : (decode[j]?.dts ?? null));

  const spans: { kind: 'copy' | 'encode'; from: number; to: number }[] = [];
  let at = first;
  let needsNext = false;
  if (!copyStart(at)) {
    let next = at + 1;
    // An encode that hands over to a copy must be long enough to decode before it: else it
    // takes the next GOP too.
    while (next < last && (!copyStart(next) || next - at < minFrames)) next++;
    spans.push({ kind: 'encode', from: at, to: next });
    needsNext = next === n && next - at < minFrames;
    at = next;
  }
  if (at < last) {
    let end = last;
    if (!clean[end]) {
      end = last - 1;
      while (end > at && !copyStart(end)) end--;
    }
    if (end > at) spans.push({ kind: 'copy', from: at, to: end });
    if (end < last) spans.push({ kind: 'encode', from: end, to: last });
  }

  const pieces = spans.map((span, i): Piece => {
    const startPts = ptsAt(span.from);
    const endPts = ptsAt(span.to);
    if (span.kind === 'copy') {
      return { kind: 'copy', fromDts: dtsCut(span.from), toDts: dtsCut(span.to), startPts, endPts };
    }
    // Audio meets a copy on the copy's cut; at the clip's own edges it starts and stops with the
    // picture; at the segment's edges it runs to the file's edge like the neighbouring segment.
    const before = spans[i - 1];
    const after = spans[i + 1];
    const audioFrom =
      span.from === 0 ? null : before?.kind === 'copy' ? dtsCut(span.from) : startPts;
    const audioTo = span.to === n ? null : after?.kind === 'copy' ? dtsCut(span.to) : endPts;
    const audioFrames =
      audioTo === null
        ? null
        : media.audio.filter(
            (t) => (audioFrom === null || atOrAfter(t, audioFrom)) && !atOrAfter(t, audioTo),
          ).length;
    return {
      kind: 'encode',
      videoFrom: startPts,
      videoTo: span.to === n ? null : endPts,
      audioFrom,
      audioFrames,
      startPts,
      endPts,
    };
  });
  return { pieces, needsNext };
}
