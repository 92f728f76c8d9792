import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalStorage, type MediaStorage } from '@rudy/media';
import { createLiveWindowStarts, WINDOW_START_MAX_AGE_MS } from './live-window-start.js';

function playlist(count: number) {
  const lines = ['#EXTM3U', '#EXT-X-TARGETDURATION:1', '#EXT-X-MEDIA-SEQUENCE:0'];
  for (let i = 0; i < count; i += 1) lines.push('#EXTINF:1.000000,', `seg_${i}.ts`);
  return `${lines.join('\n')}\n`;
}

describe('createLiveWindowStarts', () => {
  let root: string;
  let storage: MediaStorage;
  let reads: number;
  let clock: number;
  const master = 'c/1/e/2/live/master.m3u8';
  const rendition = 'c/1/e/2/live/v0/index.m3u8';

  beforeEach(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-window-start-'));
    const local = createLocalStorage(root);
    reads = 0;
    clock = 1_000_000;
    // The same storage, counting what reaches it (a GetObject with a bucket).
    storage = {
      ...local,
      get: (key, range) => {
        reads += 1;
        return local.get(key, range);
      },
    };
    await local.put(rendition, playlist(100));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('reads a recording once for concurrent askers and reuses it for half a segment', async () => {
    const starts = createLiveWindowStarts(storage, 30, { now: () => clock });
    const answers = await Promise.all(Array.from({ length: 20 }, () => starts(master)));
    expect(reads).toBe(1);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual({ media_sequence: 70, recording_seconds: 70 });

    // The window slides: still the old answer within the age, the new one after it.
    await storage.put(rendition, playlist(110));
    clock += WINDOW_START_MAX_AGE_MS - 1;
    expect(await starts(master)).toEqual({ media_sequence: 70, recording_seconds: 70 });
    expect(reads).toBe(1);
    clock += 1;
    expect(await starts(master)).toEqual({ media_sequence: 80, recording_seconds: 80 });
    expect(reads).toBe(2);
  });

  it('keeps recordings apart, and a missing one is null (asked again after the age)', async () => {
    const starts = createLiveWindowStarts(storage, 30, { now: () => clock });
    expect(await starts('c/1/e/3/live/master.m3u8')).toBeNull();
    expect(await starts(master)).toEqual({ media_sequence: 70, recording_seconds: 70 });
    expect(reads).toBe(2);
    await storage.put('c/1/e/3/live/v0/index.m3u8', playlist(40));
    clock += WINDOW_START_MAX_AGE_MS;
    expect(await starts('c/1/e/3/live/master.m3u8')).toEqual({
      media_sequence: 10,
      recording_seconds: 10,
    });
  });
});
