/**
 * Changes made to a media element. Kept apart from the components: the element is the source of
 * truth for its state, which the components only read back through its events.
 */
export function togglePlayback(video: HTMLVideoElement) {
  if (video.paused) void video.play().catch(() => undefined);
  else video.pause();
}

export function seekVideo(video: HTMLVideoElement, seconds: number) {
  video.currentTime = seconds;
}

export function applyVolume(video: HTMLVideoElement, setting: { volume: number; muted: boolean }) {
  video.volume = Math.min(1, Math.max(0, setting.volume));
  video.muted = setting.muted;
}

export function markProgramTime(video: HTMLVideoElement, date: Date) {
  video.dataset.programTime = String(date.getTime());
}
