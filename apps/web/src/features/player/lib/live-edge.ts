/**
 * Further than this behind the live edge, the viewer is watching the DVR: the LIVE badge dims and
 * "Go live" appears. Two 2 s segments are held back on purpose (liveSyncDurationCount), so the
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
