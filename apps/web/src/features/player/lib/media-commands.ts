/**
 * Changes made to a media element. Kept apart from the components: the element is the source of
 * truth for its state, which the components only read back through its events.
 */
export function togglePlayback(video: HTMLVideoElement) {
  if (video.paused) void video.play().catch(() => undefined);
  else pauseVideo(video);
}

/** Elements whose coming `pause` event the viewer asked for (through the player's controls). */
const viewerPauses = new WeakSet<HTMLMediaElement>();

/** Pauses for the viewer: the pause is theirs, not the browser's (see takeViewerPause). */
export function pauseVideo(video: HTMLMediaElement) {
  if (video.paused) return;
  viewerPauses.add(video);
  video.pause();
}

/** Whether the pause being handled was the viewer's (each mark answers once). */
export function takeViewerPause(video: HTMLMediaElement): boolean {
  return viewerPauses.delete(video);
}

/**
 * hls.js (1.7) never loads anything for a seek to exactly 0 in a live stream: the element waits
 * there for good, while a seek a moment later plays at once. The start of a video is asked for as
 * this moment instead; no viewer can tell the difference.
 */
export const SEEK_FLOOR_SECONDS = 0.1;

export function seekVideo(video: HTMLVideoElement, seconds: number) {
  video.currentTime = Math.max(SEEK_FLOOR_SECONDS, seconds);
}

export function applyVolume(video: HTMLVideoElement, setting: { volume: number; muted: boolean }) {
  video.volume = Math.min(1, Math.max(0, setting.volume));
  video.muted = setting.muted;
}

export function markProgramTime(video: HTMLVideoElement, date: Date) {
  video.dataset.programTime = String(date.getTime());
}
