import pLimit from 'p-limit';
import { withFfmpegThreads } from '@rudy/media';

/**
 * The share of one core the demo's renders may hold over time: the rest is the server's own (its
 * requests, queues and the demo's live publishers, about 0.1 of a core at the first start) and,
 * in the first minute, the first start's build (the web app, about 1.5 cores for 10 s), so that
 * the demo with its server never holds more than one core for a minute (issue 28 item 6). At 0.8
 * the minute with the build held 1.01 cores (docs/decisions.md).
 */
export const DEMO_LANE_CORE_SHARE = 0.7;

/**
 * Work that takes turns, one at a time, each ffmpeg it starts on `threads` threads, and a rest
 * after each piece of work in proportion to its length, so that the lane runs `share` of the
 * time. The rest is taken before the next piece starts: whoever waited for a piece has it at once.
 */
export function createDemoLane(o: {
  share: number;
  threads: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}) {
  const now = o.now ?? Date.now;
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const lane = pLimit(1);
  let restUntil = 0;
  return <T>(work: () => Promise<T>): Promise<T> =>
    lane(async () => {
      const rest = restUntil - now();
      if (rest > 0) await sleep(rest);
      const started = now();
      try {
        return await withFfmpegThreads(o.threads, work);
      } finally {
        const ended = now();
        restUntil = ended + (ended - started) * (1 / o.share - 1);
      }
    });
}

/**
 * The demo's renders in this process: a demo game (picture, ladder and stills), a library video, a
 * sponsor spot, a live game's loop. A fresh `npm start` queues all of them at once in separate
 * queues: side by side they held nearly two cores for a minute. One at a time was not enough:
 * ffmpeg left to its defaults decodes, filters and encodes on every core (the stills' decode, the
 * sponsor spots' and library videos' x264), so every ffmpeg started in the lane runs on one
 * thread, and the lane rests so that it holds DEMO_LANE_CORE_SHARE of a core (docs/decisions.md).
 * Uploads and operators' live streams never wait in it.
 */
export const inDemoLane = createDemoLane({ share: DEMO_LANE_CORE_SHARE, threads: 1 });
