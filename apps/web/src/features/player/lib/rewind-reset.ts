import type Hls from 'hls.js';
import type { BufferCreatedData, BufferFlushedData, LevelDetails } from 'hls.js';

/** A seek back by more than this (seconds) is a viewer's rewind; hls.js only moves forward. */
export const REWIND_RESET_S = 0.5;

/** The parts of an hls.js instance the rewind reset uses. */
export type RewindHls = Pick<
  Hls,
  'on' | 'off' | 'trigger' | 'stopLoad' | 'startLoad' | 'latestLevelDetails'
>;

type BufferEvents = {
  BUFFER_CREATED: typeof Hls.Events.BUFFER_CREATED;
  BUFFER_FLUSHING: typeof Hls.Events.BUFFER_FLUSHING;
  BUFFER_FLUSHED: typeof Hls.Events.BUFFER_FLUSHED;
};

/**
 * How long (ms) a rewind waits for hls.js to empty its SourceBuffers before it loads at the target
 * anyway: the flush queues behind appends in progress, which take tens of milliseconds.
 */
export const REWIND_FLUSH_WAIT_MS = 2_000;

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
 * on SourceBuffers emptied and reset. WebKitGTK's MSE keeps the audio but not the video of
 * fragments appended before the first one its SourceBuffer took since its last reset (the DVR's
 * start after joining at the live edge): no picture, and hls.js's gap controller skipped the hole
 * back near the live edge (issue 31). So the reset (`abort()`: the next append starts a new coded
 * frame group) waits for hls.js's own flush of everything buffered, queued behind the appends
 * already under way: a live-edge fragment appended after the reset and before the target's would
 * be the first again, and the target's video lost (readyState 1 at the target). The flush also
 * makes hls.js forget the fragments it had appended. A rewind within the buffer, or a seek
 * forward, is left to hls.js. Returns the cleanup.
 */
export function resetOnRewind(
  video: HTMLVideoElement,
  hls: RewindHls,
  events: BufferEvents,
): () => void {
  let lastTime = video.currentTime;
  /** A rewind waiting for its flush; a newer rewind meanwhile only moves its target. */
  let flushing: { target: number; cancel: () => void } | null = null;
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
    if (flushing) {
      flushing.target = target;
    } else {
      hls.stopLoad();
      const rewind = { target, cancel: () => {} };
      flushing = rewind;
      rewind.cancel = afterFlush(hls, events, () => {
        flushing = null;
        for (const buffer of sourceBuffers.get(hls) ?? []) {
          try {
            buffer.abort();
          } catch {
            // Removed from its MediaSource, closed, or still removing: nothing to reset.
          }
        }
        hls.startLoad(rewind.target);
      });
    }
    if (target !== asked) {
      lastTime = target;
      video.currentTime = target;
    }
  };
  video.addEventListener('timeupdate', onTimeupdate);
  video.addEventListener('seeking', onSeeking);
  return () => {
    flushing?.cancel();
    video.removeEventListener('timeupdate', onTimeupdate);
    video.removeEventListener('seeking', onSeeking);
  };
}

/**
 * Asks hls.js to empty every SourceBuffer, then runs `then` once each has (or failed to), or after
 * REWIND_FLUSH_WAIT_MS. Returns what cancels it.
 */
function afterFlush(hls: RewindHls, events: BufferEvents, then: () => void): () => void {
  let waiting = sourceBuffers.get(hls)?.length ?? 0;
  const done = () => {
    cancel();
    then();
  };
  const onFlushed = (_event: string, data: BufferFlushedData) => {
    // Only this flush's (to the end); hls.js's back-buffer evictions end before the playhead.
    if (data.end !== Number.POSITIVE_INFINITY && !data.error) return;
    waiting -= 1;
    if (waiting <= 0) done();
  };
  const timer = setTimeout(done, REWIND_FLUSH_WAIT_MS);
  const cancel = () => {
    clearTimeout(timer);
    hls.off(events.BUFFER_FLUSHED, onFlushed);
  };
  if (waiting === 0) {
    done();
    return cancel;
  }
  hls.on(events.BUFFER_FLUSHED, onFlushed);
  hls.trigger(events.BUFFER_FLUSHING, {
    startOffset: 0,
    endOffset: Number.POSITIVE_INFINITY,
    type: null,
  });
  return cancel;
}
