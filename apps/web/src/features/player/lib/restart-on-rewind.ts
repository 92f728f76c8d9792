import type Hls from 'hls.js';
import { pauseVideo } from './media-commands';

/** Whether `time` is inside one of `ranges` (a frame's worth of slack at either end). */
export function isBuffered(ranges: TimeRanges, time: number, slack = 0.05): boolean {
  for (let i = 0; i < ranges.length; i++) {
    if (time >= ranges.start(i) - slack && time <= ranges.end(i) + slack) return true;
  }
  return false;
}

/** The parts of an hls.js instance that restartOnRewind uses. */
export type RewindHls = Pick<Hls, 'stopLoad' | 'detachMedia' | 'attachMedia' | 'startLoad'>;

/**
 * A viewer's seek backwards to a moment nothing is buffered at (a rewind into the DVR, a replay's
 * start) starts the media over there: hls.js gets a new MediaSource, and the fragment at the
 * target is the first its SourceBuffers take. WebKitGTK's MSE keeps the audio but drops the video
 * of fragments appended before the first one a SourceBuffer took (issue 31): the rewind got no
 * picture and hls.js skipped the hole back to the live edge. Appending there is what every engine
 * would do anyway (nothing is buffered), so the rule is the same everywhere; what it costs is the
 * buffer ahead of the target, which such a seek leaves far behind. A seek forwards, or back into
 * what is buffered, is left to hls.js. The element, paused for the swap (the player's pause, not
 * the browser's: useBrowserPauseFallback), plays on if it was playing. Returns the cleanup.
 */
export function restartOnRewind(video: HTMLVideoElement, hls: RewindHls): () => void {
  let lastTime = video.currentTime;
  let restarting = false;
  const onTimeupdate = () => {
    if (!video.seeking && !restarting) lastTime = video.currentTime;
  };
  const onSeeking = () => {
    const target = video.currentTime;
    const from = lastTime;
    lastTime = target;
    if (restarting || target >= from - 0.5 || isBuffered(video.buffered, target)) return;
    const wasPlaying = !video.paused;
    restarting = true;
    pauseVideo(video);
    hls.stopLoad();
    hls.detachMedia();
    hls.attachMedia(video);
    hls.startLoad(target);
    restarting = false;
    lastTime = target;
    if (wasPlaying) void video.play().catch(() => undefined);
  };
  video.addEventListener('timeupdate', onTimeupdate);
  video.addEventListener('seeking', onSeeking);
  return () => {
    video.removeEventListener('timeupdate', onTimeupdate);
    video.removeEventListener('seeking', onSeeking);
  };
}
