import type { SeekRange } from '../../../components/player-tool';

export type RangeEdge = keyof SeekRange;

/** To a tenth of a second, up or down (inwards at the bar's ends). */
const up = (n: number) => Math.ceil(n * 10 - 1e-6) / 10 + 0; // + 0: never -0
const down = (n: number) => Math.floor(n * 10 + 1e-6) / 10;

/** Handles keep this far apart when dragged: a clip of nothing is not a clip. */
export const MIN_RANGE_GAP_S = 1;

/**
 * One handle moved to `to`, kept on the bar and on its own side of the other handle, to a tenth
 * of a second. (Buttons that set an edge at the playhead may still cross them: the tool says so.)
 */
export function moveRangeEdge(
  range: SeekRange,
  edge: RangeEdge,
  to: number,
  bounds: { start: number; end: number },
): SeekRange {
  // Rounded inwards, so a handle at an end of the bar stays on it.
  if (edge === 'start') {
    const high = Math.max(bounds.start, range.end - MIN_RANGE_GAP_S);
    return { ...range, start: up(Math.min(Math.max(to, bounds.start), high)) };
  }
  const low = Math.min(bounds.end, range.start + MIN_RANGE_GAP_S);
  return { ...range, end: down(Math.max(Math.min(to, bounds.end), low)) };
}

/**
 * A stretch the page asks the tool to open with (a key moment's clip) kept on the bar: moved
 * inwards when it passes an end (before a replay's start or a live DVR window's, past a replay's
 * end or what a live game has recorded so far), its length kept where the bar has room, to tenths
 * inwards like the handles. As asked while the bar is not known yet (nothing loaded).
 */
export function fitRange(range: SeekRange, bounds: { start: number; end: number }): SeekRange {
  if (!(bounds.end > bounds.start)) return range;
  const length = Math.min(range.end - range.start, bounds.end - bounds.start);
  const start = up(Math.min(Math.max(range.start, bounds.start), bounds.end - length));
  return { start, end: down(Math.min(start + length, bounds.end)) };
}
