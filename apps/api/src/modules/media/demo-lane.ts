import pLimit from 'p-limit';

/**
 * The demo's renders in this process, one at a time: a demo game (picture, ladder and stills), a
 * library video, a sponsor spot, a live game's loop. Each runs ffmpeg on about one core, and a
 * fresh `npm start` queues all of them at once in separate queues: side by side they held nearly
 * two cores for a minute (issue 28 item 6: the demo holds one core at most; docs/decisions.md).
 * Uploads and operators' live streams never wait in it.
 */
export const inDemoLane = pLimit(1);
