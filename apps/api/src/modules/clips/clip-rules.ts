import { CLIP_LIMITS, VALIDATION_MESSAGES as M, type ErrorCode } from '@rudy/contracts';
import { slugOf } from '../admin/aliases.js';

export interface ClipRefusal {
  status: number;
  code: ErrorCode;
  message: string;
  field: string;
}

export interface ClipRequestCheck {
  startTime: number;
  duration: number;
  tags: string[];
  /** Seconds of recording that exist now (a live game's DVR window grows). */
  availableSeconds: number;
  /** Where the recording that can still be cut starts (a live game's DVR window slides). */
  earliestSeconds?: number;
  allowedTags: readonly string[];
  maxSeconds: number;
}

/** Seconds are compared to the millisecond: the player reports fractions of frames. */
const EPSILON = 0.001;

/**
 * What is wrong with a clip request against the recording and the channel's settings, in the order
 * a viewer fixes them (tags, length, end); null when it can be cut. Tags come back in the channel's
 * own spelling.
 */
export function checkClipRequest(c: ClipRequestCheck): ClipRefusal | { tags: string[] } {
  const byLower = new Map(c.allowedTags.map((t) => [t.toLowerCase(), t]));
  const tags = [...new Set(c.tags.map((t) => byLower.get(t.trim().toLowerCase())))];
  if (tags.length === 0 || tags.some((t) => t === undefined)) {
    return { status: 400, code: 'clip_tag_invalid', message: M.selectTag, field: 'tags' };
  }
  if (c.duration + EPSILON < CLIP_LIMITS.minSeconds) {
    const message = `A clip lasts at least ${CLIP_LIMITS.minSeconds} second`;
    return { status: 400, code: 'clip_too_short', message, field: 'duration' };
  }
  if (c.duration > c.maxSeconds + EPSILON) {
    const message = `A clip lasts at most ${c.maxSeconds} seconds`;
    return { status: 400, code: 'clip_too_long', message, field: 'duration' };
  }
  if (c.startTime + EPSILON < (c.earliestSeconds ?? 0)) {
    return { status: 400, code: 'clip_beyond_end', message: M.clipDuration, field: 'start_time' };
  }
  if (c.startTime + c.duration > c.availableSeconds + EPSILON) {
    return { status: 400, code: 'clip_beyond_end', message: M.clipDuration, field: 'duration' };
  }
  return { tags: tags as string[] };
}

/** A clip's file name: its name in plain letters, so the header needs no quoting. */
export function clipFileName(name: string): string {
  return `${slugOf(name, 'clip')}.mp4`;
}

/** A recording's segments as its playlist lists them (durations in seconds). */
export interface RecordingSegments {
  /** EXT-X-MEDIA-SEQUENCE: the number of the first listed segment. */
  mediaSequence: number;
  segments: readonly { durationSeconds: number }[];
}

/**
 * A clip's start in seconds of the recording. Without `timeline`, `startTime` is that already (a
 * VOD player's clock, or an older client). With it, `startTime` is on the player's clock, whose
 * segment `timeline.media_sequence` starts at `timeline.start`: a live player's clock starts at
 * the DVR window it first loaded. Null when the recording lists no such segment.
 */
export function recordingStartTime(
  recording: RecordingSegments,
  startTime: number,
  timeline?: { media_sequence: number; start: number },
): number | null {
  if (!timeline) return startTime;
  const index = timeline.media_sequence - recording.mediaSequence;
  if (index < 0 || index >= recording.segments.length) return null;
  let segmentStart = 0;
  for (let i = 0; i < index; i += 1) segmentStart += recording.segments[i]?.durationSeconds ?? 0;
  // To the millisecond, as clip times are compared.
  return Math.round((segmentStart + startTime - timeline.start) * 1000) / 1000;
}

/**
 * How far before the start of what can be cut a clip may begin and still start there: hls.js puts
 * the first segment a few milliseconds after its clock's 0 (the media's first timestamp), so a
 * clip from the very start of the seek bar maps a hair before the recording's (or the DVR
 * window's) first second.
 */
export const PLAYER_CLOCK_SLACK_SECONDS = 0.1;

/** A clip's start in seconds of the recording, moved onto `earliest` when just before it. */
export function startWithinRecording(start: number, earliest: number): number {
  return start < earliest && earliest - start <= PLAYER_CLOCK_SLACK_SECONDS ? earliest : start;
}
