import type Hls from 'hls.js';
import type { BufferCreatedData, LevelDetails } from 'hls.js';

/** A seek back by more than this (seconds) is a viewer's rewind; hls.js only moves forward. */
export const REWIND_RESET_S = 0.5;

/** The parts of an hls.js instance the rewind reset uses. */
export type RewindHls = Pick<Hls, 'on' | 'stopLoad' | 'startLoad' | 'latestLevelDetails'>;

type BufferEvents = { BUFFER_CREATED: typeof Hls.Events.BUFFER_CREATED };

const sourceBuffers = new WeakMap<RewindHls, SourceBuffer[]>();

/**
 * Keeps the SourceBuffers hls.js creates for `hls` (its `BUFFER_CREATED`), from the instance's
 * start: a preloaded stream (attach-stream.ts) may have created them before its player took it.
 */
export function trackSourceBuffers(hls: RewindHls, events: BufferEvents) {
  hls.on(events.BUFFER_CREATED, (_event: string, data: BufferCreatedData) => {
    sourceBuffers.set(
      hls,
      Object.values(data.tracks).map((track) => track.buffer),
    );
  });
}

export function isBuffered(ranges: TimeRanges, at: number): boolean {
  for (let i = 0; i < ranges.length; i++) {
    if (ranges.start(i) <= at && at < ranges.end(i)) return true;
  }
  return false;
}

/**
 * Where a reset loads from. hls.js (1.7) sends a start before the live playlist's first segment
 * to the live edge (`setStartPosition`, `getNextFragment`), and the DVR window's start as the
 * seek bar gives it (0.1 s) can lie just before it: the target is kept one target duration past
 * the first segment's start, which the playlist sliding on by a segment does not overtake.
 */
export function rewindTarget(
  target: number,
  details: Pick<LevelDetails, 'live' | 'fragmentStart' | 'targetduration'> | null,
): number {
  if (!details?.live) return target;
  return Math.max(target, details.fragmentStart + details.targetduration);
}

/**
 * A viewer's rewind to a moment the element has not buffered starts hls.js's loading over there,
 * with every SourceBuffer reset (`abort()`: the next append starts a new coded frame group).
 * WebKitGTK's MSE otherwise keeps the audio but not the video of fragments appended before the
 * first one its SourceBuffer took (the DVR's start after joining at the live edge): no picture,
 * and hls.js's gap controller skipped the hole back near the live edge (issue 31). A rewind
 * within the buffer, or a seek forward, is left to hls.js. Returns the cleanup.
 */
export function resetOnRewind(video: HTMLVideoElement, hls: RewindHls): () => void {
  let lastTime = video.currentTime;
  const onTimeupdate = () => {
    // WebKit's timeupdate between a seek and its `seeking` already has the target (followLive).
    if (!video.seeking) lastTime = video.currentTime;
  };
  const onSeeking = () => {
    const asked = video.currentTime;
    const isRewind = asked < lastTime - REWIND_RESET_S;
    lastTime = asked;
    if (!isRewind || isBuffered(video.buffered, asked)) return;
    const target = rewindTarget(asked, hls.latestLevelDetails);
    hls.stopLoad();
    for (const buffer of sourceBuffers.get(hls) ?? []) {
      try {
        buffer.abort();
      } catch {
        // Removed from its MediaSource, or closed: nothing to reset.
      }
    }
    hls.startLoad(target);
    if (target !== asked) {
      lastTime = target;
      video.currentTime = target;
    }
  };
  video.addEventListener('timeupdate', onTimeupdate);
  video.addEventListener('seeking', onSeeking);
  return () => {
    video.removeEventListener('timeupdate', onTimeupdate);
    video.removeEventListener('seeking', onSeeking);
  };
}
