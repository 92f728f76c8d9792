import { CLIP_LIMITS } from '@rudy/contracts';
import type { PlayerTimeline, SeekRange } from '../../../components/player-tool';

/** A new clip's length when the tool opens (shorter if the channel allows less). */
export const DEFAULT_CLIP_SECONDS = 20;

/** Seconds compared to the millisecond, as the server does: the player reports fractions. */
const EPSILON = 0.001;

/**
 * Where the handles start: the moment just played (the last seconds up to the playhead), which is
 * what a viewer reaching for the clip button wants, live above all; from the playhead on when
 * too little has been played.
 */
export function defaultClipRange(timeline: PlayerTimeline, maxSeconds: number): SeekRange {
  const length = Math.min(DEFAULT_CLIP_SECONDS, maxSeconds);
  // To tenths of a second, inwards: an end rounded up could pass the end of the recording.
  const up = (n: number) => Math.ceil(n * 10 - 1e-6) / 10 + 0;
  const down = (n: number) => Math.floor(n * 10 + 1e-6) / 10;
  const now = Math.min(Math.max(timeline.currentTime, timeline.start), timeline.end);
  if (now - timeline.start >= length / 2) {
    const end = down(now);
    return { start: up(Math.max(timeline.start, end - length)), end };
  }
  const start = up(now);
  return { start, end: down(Math.min(timeline.end, start + length)) };
}

export type RangeProblem = 'clipDuration' | 'tooShort' | 'tooLong';

/**
 * What is wrong with the chosen stretch, as the server would say it: an end at or before the start,
 * or past what has been recorded, is the spec's 'Your clip duration is longer than the end time'.
 */
export function checkClipRange(
  range: SeekRange | null,
  timeline: Pick<PlayerTimeline, 'end'>,
  maxSeconds: number,
): RangeProblem | null {
  if (!range || range.end <= range.start || range.end > timeline.end + EPSILON) {
    return 'clipDuration';
  }
  const duration = range.end - range.start;
  if (duration + EPSILON < CLIP_LIMITS.minSeconds) return 'tooShort';
  if (duration > maxSeconds + EPSILON) return 'tooLong';
  return null;
}
