import type { PlaybackStream } from '@rudy/contracts';

/**
 * Where a moment (seconds of the recording) is on the player's clock, or null when the player
 * cannot go there. A replay's clock is the recording's. A live player's clock is the recording's
 * plus `offset`, which only the player can tell (RecordingOffsetListener: null until it can), and
 * only the DVR window is there to seek in: a moment before the window's start, as the latest
 * playback answer gives it, has no place (the replay has it).
 */
export function momentPlayerTime(
  atSeconds: number,
  stream: PlaybackStream | null,
  offset: number | null,
): number | null {
  if (stream?.kind === 'vod') return atSeconds;
  const windowStart = stream?.dvr.window_start;
  if (!windowStart || offset === null || atSeconds < windowStart.recording_seconds) return null;
  return atSeconds + offset;
}
