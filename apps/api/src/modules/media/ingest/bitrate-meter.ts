/** How much of the stream the console's bitrate is measured over (by the stream's own clock). */
const WINDOW_MS = 10_000;

/**
 * The bitrate a publisher sends, measured over the stream's own timestamps rather than the wall
 * clock: while the encoder catches up the socket is paused (back-pressure), and a wall-clock window
 * then read 0 kb/s though the stream was fine. Measured from the first frames on (over what has
 * arrived since connect until a full window exists); null until there is a span to measure.
 */
export function createBitrateMeter(windowMs = WINDOW_MS) {
  /** [stream time (ms), bytes received up to and including that message] */
  const samples: [number, number][] = [];
  let total = 0;
  return {
    add(timestampMs: number, bytes: number) {
      total += bytes;
      const last = samples.at(-1);
      // Out-of-order timestamps (audio and video interleave) are folded into the latest sample.
      if (last && timestampMs <= last[0]) last[1] = total;
      else samples.push([timestampMs, total]);
      const newest = samples.at(-1)?.[0] ?? 0;
      while (samples.length > 2 && newest - (samples[1]?.[0] ?? newest) >= windowMs)
        samples.shift();
    },
    /** kb/s over the window, or null before two distinct timestamps have arrived. */
    kbps(): number | null {
      const first = samples[0];
      const last = samples.at(-1);
      if (!first || !last || last[0] <= first[0]) return null;
      return Math.round(((last[1] - first[1]) * 8) / (last[0] - first[0]));
    },
  };
}
