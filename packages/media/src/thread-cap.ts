import { AsyncLocalStorage } from 'node:async_hooks';

/*
 * A cap on ffmpeg's threads for a stretch of work, whatever functions it calls: the demo's first
 * start renders games, their stills, sponsor spots, library videos and live loops one at a time
 * (the API's demo lane), and each ffmpeg left to its defaults decodes, filters and encodes on
 * every core (a still's H.264 decode alone took 1.5 cores). Inside withFfmpegThreads, every ffmpeg
 * spawned gets the cap on its decoders, filters and encoders (capThreads), so the lane holds one
 * core. AsyncLocalStorage carries the cap through the awaits of the work, not to other callers.
 */

const cap = new AsyncLocalStorage<number>();

/** Runs `work` with every ffmpeg it starts capped to `threads` threads. */
export function withFfmpegThreads<T>(threads: number, work: () => Promise<T>): Promise<T> {
  if (!Number.isInteger(threads) || threads < 1) throw new Error('threads is a whole number >= 1');
  return cap.run(threads, work);
}

/** The cap of the work in progress, if any. */
export const ffmpegThreadCap = (): number | undefined => cap.getStore();

/**
 * The arguments with `threads` threads everywhere ffmpeg would pick its own number: simple and
 * complex filter graphs (global options, first), each input's decoder (`-threads` before each
 * `-i`) and the output's encoders (`-threads` before the output, the last argument). Later
 * options win in ffmpeg, so a task's own lower count is kept where it comes after ours.
 */
export function capThreads(args: readonly string[], threads: number): string[] {
  const n = String(threads);
  const out = ['-filter_threads', n, '-filter_complex_threads', n];
  args.forEach((arg, i) => {
    if (i === args.length - 1 && i > 0) out.push('-threads', n);
    if (arg === '-i') out.push('-threads', n);
    out.push(arg);
  });
  return out;
}
