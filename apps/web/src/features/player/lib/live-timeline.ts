import type { ClipTimeline, DvrWindowStart } from '@rudy/contracts';

/** What the anchor reads of hls.js's playlist (LevelDetails): its segments on the player's clock. */
export interface TimelineSegments {
  fragments: readonly { sn: number | 'initSegment'; start: number; duration: number }[];
}

type MediaSegment = TimelineSegments['fragments'][number] & { sn: number };

/** The playlist's media segments (not its init segment), in order. */
const mediaSegments = (details: TimelineSegments | null | undefined): MediaSegment[] =>
  (details?.fragments ?? []).filter((f): f is MediaSegment => typeof f.sn === 'number');

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
  const segments = mediaSegments(details);
  const first = segments[0];
  if (!first) return null;
  let chosen = first;
  for (const segment of segments) {
    if (segment.start > at) break;
    chosen = segment;
  }
  return { media_sequence: chosen.sn, start: chosen.start };
}

/**
 * The player's clock minus the recording's, for a live player: add it to a second of the recording
 * (a key moment) to find that second on the player's clock. `windowStart` (the playback answer's
 * dvr.window_start) names the first segment of the server's DVR window and where it starts on the
 * recording; the player's playlist says where that segment starts on its own clock. hls.js keeps
 * a segment's start as its playlist slides (it aligns each reload by segment number), so the
 * difference holds for the whole session. When the segment is no longer listed (the window slid
 * between the answer and the playlist), its start is counted from the nearest listed one with the
 * listed segments' mean length, as hls.js itself aligns playlists that do not overlap. Null
 * without a playlist (native playback, nothing loaded yet).
 */
export function recordingOffset(
  details: TimelineSegments | null | undefined,
  windowStart: DvrWindowStart,
): number | null {
  const segments = mediaSegments(details);
  const first = segments[0];
  const last = segments.at(-1);
  if (!first || !last) return null;
  const sn = windowStart.media_sequence;
  const listed = segments.find((f) => f.sn === sn);
  if (listed) return listed.start - windowStart.recording_seconds;
  const meanLength = (last.start + last.duration - first.start) / segments.length;
  const start =
    sn < first.sn
      ? first.start - (first.sn - sn) * meanLength
      : last.start + last.duration + (sn - last.sn - 1) * meanLength;
  return start - windowStart.recording_seconds;
}
