import type Hls from 'hls.js';
import type { Events, FragBufferedData } from 'hls.js';
import { pauseVideo } from './media-commands';

/** The game's own fragments (hls.js's PlaylistLevelType.MAIN: its enum is in the lazy chunk). */
const MAIN_FRAGMENTS: ReadonlySet<string> = new Set(['main']);

/** The parts of hls.js that watchDroppedMedia uses (a fake stands in for it in tests). */
export type RecoverableHls = Pick<Hls, 'on' | 'off' | 'recoverMediaError'>;

/**
 * Recoveries at most this often: a media pipeline that drops a fragment again right after one is
 * not helped by a second one, and the viewer would see the picture blink in a loop.
 */
export const DROPPED_RECOVERY_GAP_MS = 10_000;

/**
 * Whether `at` lies before everything the element holds without being held: the one case the
 * pipeline below drops (at start-up nothing is held yet, and a fragment's picture may come a
 * moment after its audio: neither is taken for a drop).
 */
function isDroppedBefore(ranges: TimeRanges, at: number): boolean {
  return ranges.length > 0 && at < ranges.start(0);
}

/**
 * WebKitGTK's Media Source (GStreamer) drops the video of every fragment appended earlier than the
 * first one its video SourceBuffer took: a live game joined at its edge and then rewound to the
 * start of its DVR gets the audio of the fragments hls.js loads there, never their picture (issue
 * 31). The element's buffered range, which needs both, stays empty at the seek target; hls.js
 * counts the growing audio as progress and goes on loading, until its gap controller skips the
 * "hole" back to where the picture is, near the live edge. A fragment that was appended but whose
 * middle the element does not hold was dropped: the media is attached again (a fresh MediaSource,
 * hls.js's recoverMediaError) and loads from the same position, where it now starts. A browser
 * whose pipeline keeps what it is given never meets this. The pause around it is the player's, so
 * it resumes by itself and is not taken for the browser's (use-browser-pause.ts).
 */
export function watchDroppedMedia(
  video: HTMLVideoElement,
  hls: RecoverableHls,
  /** hls.js's FRAG_BUFFERED event name (its Events enum is in the lazily loaded chunk). */
  fragBuffered: Events.FRAG_BUFFERED,
  now: () => number = Date.now,
): () => void {
  let lastRecovery = Number.NEGATIVE_INFINITY;
  const onFragBuffered = (_event: Events.FRAG_BUFFERED, data: FragBufferedData) => {
    const { frag } = data;
    if (data.part || !MAIN_FRAGMENTS.has(frag.type) || frag.gap || !(frag.duration > 0)) return;
    const middle = frag.start + frag.duration / 2;
    if (
      !isDroppedBefore(video.buffered, middle) ||
      now() - lastRecovery < DROPPED_RECOVERY_GAP_MS
    ) {
      return;
    }
    lastRecovery = now();
    const wasPlaying = !video.paused;
    pauseVideo(video);
    hls.recoverMediaError();
    if (wasPlaying) void video.play().catch(() => undefined);
  };
  hls.on(fragBuffered, onFragBuffered);
  return () => hls.off(fragBuffered, onFragBuffered);
}
