/** One rendition of the stream as the quality menu shows it. */
export interface QualityLevel {
  index: number;
  height: number;
  bitrate: number;
}

/** The automatic choice (hls.js level -1). */
export const AUTO_LEVEL = -1;

/**
 * The rendition to start with: the tallest that the player's size can show and the bandwidth
 * estimate can carry, else the smallest. Starting right avoids a visible switch after the first
 * segment, and starting small on a slow line avoids a stall before the first frame.
 */
export function startLevelFor(
  levels: readonly QualityLevel[],
  playerHeightPx: number,
  bandwidthBps: number,
): number {
  if (levels.length === 0) return AUTO_LEVEL;
  const fitting = levels.filter(
    (l) => l.height <= Math.max(playerHeightPx, 360) && l.bitrate <= bandwidthBps * 0.8,
  );
  const pool = fitting.length > 0 ? fitting : [smallest(levels)];
  return pool.reduce((best, l) => (l.height > best.height ? l : best)).index;
}

function smallest(levels: readonly QualityLevel[]): QualityLevel {
  return levels.reduce((low, l) => (l.bitrate < low.bitrate ? l : low));
}

/** Tallest first, as quality menus read. */
export function sortedLevels(levels: readonly QualityLevel[]): QualityLevel[] {
  return [...levels].sort((a, b) => b.height - a.height || b.bitrate - a.bitrate);
}
