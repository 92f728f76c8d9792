/** One cue of a thumbnails WebVTT track: the sprite region that shows [start, end). */
export interface ThumbnailCue {
  start: number;
  end: number;
  url: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The cue showing at `time` (the last one past the end), or null for an empty track. */
export function cueAt(cues: readonly ThumbnailCue[], time: number): ThumbnailCue | null {
  let low = 0;
  let high = cues.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const cue = cues[mid];
    if (!cue) break;
    if (time < cue.start) high = mid - 1;
    else if (time >= cue.end) low = mid + 1;
    else return cue;
  }
  return cues[Math.min(Math.max(low, 0), cues.length - 1)] ?? null;
}
