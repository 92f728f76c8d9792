/**
 * Further than this behind the live edge, the viewer is watching the DVR: the LIVE badge dims and
 * "Go live" appears. The live edge here is where the player should be (2 s behind the newest
 * segment, liveSyncDuration); a player that follows live and falls behind by itself is brought
 * back well within this (followLive in attach-stream.ts), and one the viewer rewound is left.
 */
export const BEHIND_LIVE_THRESHOLD_S = 10;

export function isBehindLive(
  currentTime: number,
  liveEdge: number | null,
  threshold: number = BEHIND_LIVE_THRESHOLD_S,
): boolean {
  return liveEdge !== null && liveEdge - currentTime > threshold;
}
