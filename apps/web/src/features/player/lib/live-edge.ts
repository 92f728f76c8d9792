/**
 * Further than this behind the live edge, the viewer is watching the DVR: the LIVE badge dims and
 * "Go live" appears. 3 s (1.5 segments) are held back on purpose (liveSyncDuration), so the
 * threshold leaves room for them.
 */
export const BEHIND_LIVE_THRESHOLD_S = 10;

export function isBehindLive(
  currentTime: number,
  liveEdge: number | null,
  threshold: number = BEHIND_LIVE_THRESHOLD_S,
): boolean {
  return liveEdge !== null && liveEdge - currentTime > threshold;
}
