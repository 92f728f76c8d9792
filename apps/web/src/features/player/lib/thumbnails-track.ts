/**
 * The thumbnails track's parser: a module of its own, loaded with the track (after the video's first
 * frame, see useThumbnails), not with the player.
 */
import type { ThumbnailCue } from './thumbnails';

const TIMING = /^(\S+)\s+-->\s+(\S+)/;
const REGION = /#xywh=(\d+),(\d+),(\d+),(\d+)$/;

/** "hh:mm:ss.mmm" or "mm:ss.mmm" in seconds; NaN when malformed. */
function seconds(stamp: string): number {
  const parts = stamp.split(':').map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
}

/**
 * The cues of a thumbnails track (the media pipeline's `thumbs.vtt`): each names a sprite image,
 * relative to the track, and the `#xywh=` region of it. Cues without a region or valid times are
 * skipped rather than failing the whole track.
 */
export function parseThumbnailsVtt(text: string, trackUrl: string): ThumbnailCue[] {
  const cues: ThumbnailCue[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const timing = TIMING.exec(lines[i]?.trim() ?? '');
    const target = lines[i + 1]?.trim() ?? '';
    const region = REGION.exec(target);
    if (!timing || !region) continue;
    const start = seconds(timing[1] ?? '');
    const end = seconds(timing[2] ?? '');
    if (!Number.isFinite(start) || !Number.isFinite(end)) continue;
    const [, x, y, w, h] = region.map(Number);
    const url = new URL(target.slice(0, region.index), new URL(trackUrl, 'http://x/')).pathname;
    cues.push({ start, end, url, x: x ?? 0, y: y ?? 0, w: w ?? 0, h: h ?? 0 });
  }
  return cues;
}
