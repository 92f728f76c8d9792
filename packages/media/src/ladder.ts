import type { ProbeResult } from './probe.js';

export interface Rendition {
  /** Folder name of the rendition's playlist and segments. */
  name: string;
  width: number;
  height: number;
  videoKbps: number;
  audioKbps: number;
}

export interface PlannedRendition extends Rendition {
  /** The source's video goes through untouched (no re-encode) for this rendition. */
  copyVideo: boolean;
}

/** The default adaptive ladder: two renditions cover phones on mobile data up to a laptop screen. */
export const DEFAULT_LADDER: readonly Rendition[] = [
  { name: '720p', width: 1280, height: 720, videoKbps: 2_400, audioKbps: 128 },
  { name: '360p', width: 640, height: 360, videoKbps: 700, audioKbps: 96 },
];

/**
 * Fits the ladder to the source: no rendition taller than the source (upscaling spends bits on
 * nothing), and the top rendition copies the source's video when it is already H.264 4:2:0 at that
 * size and within its bitrate budget. A copied rendition keeps the source's keyframes, so the copy
 * is only taken when the caller says the source has a fixed GOP (ours do; arbitrary uploads may not).
 */
export function planLadder(
  ladder: readonly Rendition[],
  source: ProbeResult,
  opts: { sourceHasFixedGop: boolean },
): PlannedRendition[] {
  const video = source.video;
  if (!video) throw new Error('the source has no video stream');
  const fitting = ladder.filter((r) => r.height <= video.height);
  const chosen = fitting.length > 0 ? fitting : [ladder[ladder.length - 1] as Rendition];
  return chosen.map((r, index) => {
    // Keep the source's aspect ratio; H.264 4:2:0 needs even dimensions.
    const width = Math.round((video.width * r.height) / video.height / 2) * 2;
    const sameSize = video.height === r.height && video.width === width;
    const withinBudget = video.kbps === null || video.kbps <= r.videoKbps * 1.5;
    const copyVideo =
      index === 0 &&
      opts.sourceHasFixedGop &&
      video.codec === 'h264' &&
      video.pixFmt === 'yuv420p' &&
      sameSize &&
      withinBudget;
    return { ...r, width, copyVideo };
  });
}

/** Audio passes through when it is already AAC stereo/mono; anything else is encoded. */
export function audioPlan(source: ProbeResult): 'none' | 'copy' | 'encode' {
  if (!source.audio) return 'none';
  const a = source.audio;
  return a.codec === 'aac' && (a.channels === 1 || a.channels === 2) ? 'copy' : 'encode';
}
