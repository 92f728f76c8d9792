import pLimit from 'p-limit';
import { withFfmpegThreads } from '@rudy/media';

const lane = pLimit(1);

/**
 * The demo's renders in this process, one at a time: a demo game (picture, ladder and stills), a
 * library video, a sponsor spot, a live game's loop. A fresh `npm start` queues all of them at
 * once in separate queues: side by side they held nearly two cores for a minute (issue 28 item 6:
 * the demo holds one core at most; docs/decisions.md). One at a time was not enough: ffmpeg left
 * to its defaults decodes, filters and encodes on every core (the stills' decode, the sponsor
 * spots' and library videos' x264), so every ffmpeg started in the lane runs on one thread.
 * Uploads and operators' live streams never wait in it.
 */
export const inDemoLane = <T>(work: () => Promise<T>): Promise<T> =>
  lane(() => withFfmpegThreads(1, work));
