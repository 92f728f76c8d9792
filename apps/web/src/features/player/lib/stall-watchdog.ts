/** How often the watchdog looks at the clock (ms). */
export const STALL_CHECK_MS = 1_000;
/** A clock that stands this long (ms) while media to play is buffered is a stuck pipeline. */
export const STALL_NUDGE_MS = 3_000;
/** Media buffered ahead of the playhead (seconds) that should have played by then. */
export const STALL_BUFFER_AHEAD_S = 0.5;
/** How far the nudge moves the playhead (seconds): hls.js's own `nudgeOffset`. */
export const STALL_NUDGE_S = 0.1;

/** Seconds buffered from `at` on, in the range that holds it (0 when none does). */
export function bufferedAhead(ranges: TimeRanges, at: number): number {
  for (let i = 0; i < ranges.length; i++) {
    if (ranges.start(i) <= at && at < ranges.end(i)) return ranges.end(i) - at;
  }
  return 0;
}

/**
 * Restarts a media pipeline that stopped with what it needs in hand: a video that should play
 * (not paused, not ended) whose clock has not moved for STALL_NUDGE_MS although more than
 * STALL_BUFFER_AHEAD_S is buffered at the playhead gets a seek STALL_NUDGE_S ahead. WebKitGTK's
 * MSE now and then never finishes a seek into buffered media (at the join of a live game), or
 * stops its clock while "playing" with a minute buffered (after a DVR rewind); a new seek
 * flushes its pipeline and it plays on (issue 31). hls.js's gap controller nudges only over a
 * hole between buffered ranges, and these stalls have none. Returns the cleanup.
 */
export function nudgeStalls(video: HTMLVideoElement): () => void {
  let lastTime = video.currentTime;
  let stillFor = 0;
  const timer = setInterval(() => {
    const now = video.currentTime;
    const shouldMove =
      !video.paused && !video.ended && bufferedAhead(video.buffered, now) > STALL_BUFFER_AHEAD_S;
    stillFor = shouldMove && now === lastTime ? stillFor + STALL_CHECK_MS : 0;
    lastTime = now;
    if (stillFor < STALL_NUDGE_MS) return;
    stillFor = 0;
    video.currentTime = now + STALL_NUDGE_S;
    lastTime = video.currentTime;
  }, STALL_CHECK_MS);
  return () => clearInterval(timer);
}
