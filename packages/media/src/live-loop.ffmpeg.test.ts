import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureLiveLoop, probe } from './index.js';
import { TINY, tinyPicture } from './tiny-media.test-support.js';

/*
 * Two workers sharing MEDIA_DIR start the same live game's loop together: both render it. Each
 * must write its own partial file, so neither's rename finds the other's file gone (ENOENT) and
 * the loop left in place is complete.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-live-loop-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('live loop rendered by two writers at once', () => {
  it('both succeed and leave one complete loop, no partial file', async () => {
    const output = path.join(dir, 'live-loop', 'loop-1s.mp4');
    const render = () =>
      ensureLiveLoop({
        output,
        picture: tinyPicture({ showClock: false }),
        ladder: TINY,
        segmentSeconds: 1,
        seconds: 2,
      });
    await expect(Promise.all([render(), render()])).resolves.toBeDefined();
    expect(fs.readdirSync(path.dirname(output))).toEqual(['loop-1s.mp4']);
    const probed = await probe(output);
    expect(probed.durationSeconds).toBeCloseTo(2, 0);
  });
});
