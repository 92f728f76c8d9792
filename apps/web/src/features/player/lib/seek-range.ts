import type { SeekRange } from '../../../components/player-tool';

export type RangeEdge = keyof SeekRange;

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
  const up = (n: number) => Math.ceil(n * 10 - 1e-6) / 10 + 0; // + 0: never -0
  const down = (n: number) => Math.floor(n * 10 + 1e-6) / 10;
  if (edge === 'start') {
    const high = Math.max(bounds.start, range.end - MIN_RANGE_GAP_S);
    return { ...range, start: up(Math.min(Math.max(to, bounds.start), high)) };
  }
  const low = Math.min(bounds.end, range.start + MIN_RANGE_GAP_S);
  return { ...range, end: down(Math.max(Math.min(to, bounds.end), low)) };
}
