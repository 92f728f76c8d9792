import type { ClipTimeline } from '@rudy/contracts';

/** What the anchor reads of hls.js's playlist (LevelDetails): its segments on the player's clock. */
export interface TimelineSegments {
  fragments: readonly { sn: number | 'initSegment'; start: number; duration: number }[];
}

/**
 * Where the player's clock sits on the recording, for a clip cut on it: a segment the playlist
 * lists (by its media sequence number) and where it starts on the player's clock. A live player's
 * clock starts at the DVR window it first loaded, while the server counts a clip's start_time from
 * the recording's start; the segment numbers do not slide with the window, so the server turns
 * the player's seconds into the recording's (recordingStartTime in the API). The segment chosen is
 * the one `at` (the clip's start) falls in, or the nearest listed: the player knows its start to
 * the frame once it has played it. Null without a playlist (native playback).
 */
export function timelineAnchor(
  details: TimelineSegments | null | undefined,
  at: number,
): ClipTimeline | null {
  const segments = (details?.fragments ?? []).filter(
    (f): f is TimelineSegments['fragments'][number] & { sn: number } => typeof f.sn === 'number',
  );
  const first = segments[0];
  if (!first) return null;
  let chosen = first;
  for (const segment of segments) {
    if (segment.start > at) break;
    chosen = segment;
  }
  return { media_sequence: chosen.sn, start: chosen.start };
}
