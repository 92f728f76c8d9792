import fs from 'node:fs';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLiveMirror, createLocalStorage } from '@rudy/media';
import { testBucket } from '@rudy/media/s3-bucket.test-support';
import { finishLiveRecording, type RecordingDeps } from './live-recording.js';
import type { MediaJobsRepository } from './media-jobs.repository.js';

/* The end of a live stream: the recording becomes the VOD, in the bucket when there is one. */

const bucket = testBucket('media', 'rudy-live-recording-');
beforeAll(() => bucket.start());
afterAll(() => bucket.close());

/** What the live encoder leaves: an EVENT playlist per rendition and its segments. */
function writeRecording(dir: string) {
  fs.mkdirSync(path.join(dir, 'v0'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.m3u8'),
    '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nv0/index.m3u8\n',
  );
  fs.writeFileSync(
    path.join(dir, 'v0', 'index.m3u8'),
    '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXT-X-PLAYLIST-TYPE:EVENT\n' +
      '#EXTINF:2.0,\nseg_00000.ts\n#EXTINF:2.0,\nseg_00001.ts\n',
  );
  fs.writeFileSync(path.join(dir, 'v0', 'seg_00000.ts'), 'segment zero');
  fs.writeFileSync(path.join(dir, 'v0', 'seg_00001.ts'), 'segment one');
}

function depsWith(storage: RecordingDeps['storage']) {
  const vods: unknown[] = [];
  const repo = {
    endLive: () => Promise.resolve(),
    upsertMedia: (row: unknown) => {
      vods.push(row);
      return Promise.resolve();
    },
  } as unknown as MediaJobsRepository;
  const deps: RecordingDeps = {
    repo,
    storage,
    now: () => new Date(),
    onRecordingEnded: () => Promise.resolve(),
    log: { info: () => undefined },
  };
  return { deps, vods };
}

describe('finishing a live recording', () => {
  it('publishes it to the bucket and frees the disk when media lives in S3', async () => {
    const storage = bucket.storage('worker-disk');
    const dir = await storage.liveDir('c1/e7/live');
    writeRecording(dir);
    const { deps, vods } = depsWith(storage);

    const seconds = await finishLiveRecording(deps, {
      mediaId: 1,
      eventId: 7,
      channelId: 1,
      dir,
      key: 'c1/e7/live/index.m3u8',
    });

    expect(seconds).toBe(4);
    expect(vods).toMatchObject([
      { eventId: 7, storageKey: 'c1/e7/live/index.m3u8', status: 'ready' },
    ]);
    expect(fs.existsSync(dir)).toBe(false);
    // Read from the bucket now, ended: a player treats it as a VOD.
    const playlist = await text((await storage.get('c1/e7/live/v0/index.m3u8'))!);
    expect(playlist).toContain('#EXT-X-ENDLIST');
    expect(await text((await storage.get('c1/e7/live/v0/seg_00001.ts'))!)).toBe('segment one');
  });

  it('finishes from the bucket a recording whose encoder died on another machine', async () => {
    // The first machine's encoder and mirror put the recording in the bucket, then it died.
    const first = bucket.storage('machine-a');
    const encoded = await first.liveDir('c1/e9/live');
    writeRecording(encoded);
    await createLiveMirror({ dir: encoded, prefix: 'c1/e9/live', objects: first.objects }).sync();
    // Another machine finds the game stale: nothing of it on its disk.
    const other = bucket.storage('machine-b');
    const dir = await other.liveDir('c1/e9/live');
    const { deps, vods } = depsWith(other);

    const seconds = await finishLiveRecording(deps, {
      mediaId: 3,
      eventId: 9,
      channelId: 1,
      dir,
      key: 'c1/e9/live/index.m3u8',
    });

    expect(seconds).toBe(4);
    expect(vods).toMatchObject([{ eventId: 9, status: 'ready' }]);
    const playlist = await text((await other.get('c1/e9/live/v0/index.m3u8'))!);
    expect(playlist).toContain('#EXT-X-ENDLIST');
    expect(playlist).toContain('seg_00000.ts');
    // The segments the first machine uploaded stay (no whole-tree replace deleting them).
    expect(await text((await other.get('c1/e9/live/v0/seg_00000.ts'))!)).toBe('segment zero');
    expect(fs.existsSync(dir)).toBe(false);
  });

  it('leaves it where it is on local disk', async () => {
    const storage = createLocalStorage(path.join(bucket.root, 'media'));
    const dir = await storage.liveDir('c1/e8/live');
    writeRecording(dir);
    const { deps } = depsWith(storage);
    await finishLiveRecording(deps, {
      mediaId: 2,
      eventId: 8,
      channelId: 1,
      dir,
      key: 'c1/e8/live/index.m3u8',
    });
    expect(fs.readFileSync(path.join(dir, 'v0', 'index.m3u8'), 'utf8')).toContain('#EXT-X-ENDLIST');
  });
});
