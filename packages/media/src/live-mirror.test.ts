import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLiveMirror, restoreLiveRecording } from './live-mirror.js';
import { testBucket } from './storage/s3-bucket.test-support.js';
import type { StoredObjects } from './storage/storage.js';

/* The live mirror against a real S3-compatible server (s3rver) in this process. */

const bucket = testBucket('media', 'rudy-live-mirror-');
let objects: StoredObjects;
/** What reached the bucket, in order (the real calls, recorded). */
let puts: string[] = [];

beforeAll(async () => {
  await bucket.start();
  const real = bucket.storage('local').objects;
  objects = {
    ...real,
    putFile: async (key, file, type) => {
      await real.putFile(key, file, type);
      puts.push(key);
    },
    putText: async (key, text, type) => {
      await real.putText(key, text, type);
      puts.push(key);
    },
  };
});

afterAll(() => bucket.close());

const playlist = (first: number, names: string[], end = '\n') =>
  [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    '#EXT-X-TARGETDURATION:1',
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
    ...names.flatMap((n) => ['#EXTINF:1.000000,', n]),
  ].join('\n') + end;

function encoderDir(name: string) {
  const dir = path.join(bucket.root, name);
  fs.mkdirSync(path.join(dir, 'v0'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'master.m3u8'), '#EXTM3U\nv0/index.m3u8\n');
  return dir;
}
const write = (dir: string, name: string, text: string) =>
  fs.writeFileSync(path.join(dir, name), text);

describe('live mirror', () => {
  it('uploads the segments a playlist lists, then the playlist, then the master', async () => {
    puts = [];
    const dir = encoderDir('a');
    write(dir, 'v0/seg_00000.ts', 'zero');
    write(dir, 'v0/seg_00001.ts', 'one, still being written');
    write(dir, 'v0/index.m3u8', playlist(0, ['seg_00000.ts']));
    const mirror = createLiveMirror({ dir, prefix: 'c1/e1/live', objects });
    await mirror.sync();
    expect(puts).toEqual([
      'c1/e1/live/v0/seg_00000.ts',
      'c1/e1/live/v0/index.m3u8',
      'c1/e1/live/master.m3u8',
    ]);
    // Not listed yet: not uploaded (ffmpeg may still be writing it).
    expect(await objects.list('c1/e1/live/')).not.toContain('c1/e1/live/v0/seg_00001.ts');
    expect(mirror.holds('v0/index.m3u8')).toBe(true);

    puts = [];
    write(dir, 'v0/index.m3u8', playlist(0, ['seg_00000.ts', 'seg_00001.ts']));
    await mirror.sync();
    expect(puts).toEqual(['c1/e1/live/v0/seg_00001.ts', 'c1/e1/live/v0/index.m3u8']);
    expect(await objects.getText('c1/e1/live/v0/index.m3u8')).toBe(
      playlist(0, ['seg_00000.ts', 'seg_00001.ts']),
    );
    // Nothing new: nothing sent.
    puts = [];
    await mirror.sync();
    expect(puts).toEqual([]);
  });

  it('skips a torn playlist and one that lists less than the bucket has', async () => {
    const dir = encoderDir('b');
    write(dir, 'v0/seg_00000.ts', 'zero');
    write(dir, 'v0/seg_00001.ts', 'one');
    const whole = playlist(0, ['seg_00000.ts', 'seg_00001.ts']);
    write(dir, 'v0/index.m3u8', whole);
    const mirror = createLiveMirror({ dir, prefix: 'c1/e2/live', objects });
    await mirror.sync();
    puts = [];
    // Cut in the middle of a line, cut after an EXTINF, emptied, fewer entries (truncate, then a
    // partial write): none goes up.
    for (const torn of [
      whole.slice(0, -5),
      `${playlist(0, ['seg_00000.ts', 'seg_00001.ts'])}#EXTINF:1.000000,\n`,
      '',
      playlist(0, ['seg_00000.ts']),
    ]) {
      write(dir, 'v0/index.m3u8', torn);
      await mirror.sync();
    }
    expect(puts).toEqual([]);
    expect(await objects.getText('c1/e2/live/v0/index.m3u8')).toBe(whole);
  });

  it('continues a recording held in the bucket: its playlists restored, its segments not sent again', async () => {
    const dir = encoderDir('c');
    write(dir, 'v0/seg_00000.ts', 'zero');
    write(dir, 'v0/index.m3u8', playlist(0, ['seg_00000.ts']));
    await createLiveMirror({ dir, prefix: 'c1/e3/live', objects }).sync();

    // Another machine: an empty folder.
    const other = path.join(bucket.root, 'c-elsewhere');
    fs.mkdirSync(other);
    expect(await restoreLiveRecording(objects, 'c1/e3/live', other)).toBe(true);
    expect(fs.readFileSync(path.join(other, 'v0/index.m3u8'), 'utf8')).toBe(
      playlist(0, ['seg_00000.ts']),
    );
    expect(fs.existsSync(path.join(other, 'master.m3u8'))).toBe(true);
    expect(fs.existsSync(path.join(other, 'v0/seg_00000.ts'))).toBe(false);
    // A folder with its own recording is left as it is; so is a game the bucket does not have.
    expect(await restoreLiveRecording(objects, 'c1/e3/live', other)).toBe(false);
    const empty = path.join(bucket.root, 'c-none');
    fs.mkdirSync(empty);
    expect(await restoreLiveRecording(objects, 'c1/e404/live', empty)).toBe(false);

    // The encoder there appends seg_00001 after a discontinuity.
    write(other, 'v0/seg_00001.ts', 'one');
    write(
      other,
      'v0/index.m3u8',
      playlist(0, ['seg_00000.ts']) + '#EXT-X-DISCONTINUITY\n#EXTINF:1.000000,\nseg_00001.ts\n',
    );
    puts = [];
    const mirror = createLiveMirror({ dir: other, prefix: 'c1/e3/live', objects });
    await mirror.sync();
    expect(puts.filter((k) => k.endsWith('.ts'))).toEqual(['c1/e3/live/v0/seg_00001.ts']);
    expect(await objects.list('c1/e3/live/')).toEqual([
      'c1/e3/live/master.m3u8',
      'c1/e3/live/v0/index.m3u8',
      'c1/e3/live/v0/seg_00000.ts',
      'c1/e3/live/v0/seg_00001.ts',
    ]);

    // Segments pruned with the DVR window leave the bucket too.
    await mirror.forget(['v0/seg_00000.ts']);
    expect(await objects.list('c1/e3/live/v0/')).not.toContain('c1/e3/live/v0/seg_00000.ts');
    expect(mirror.holds('v0/seg_00000.ts')).toBe(false);
  });

  it("uploads what a dead worker's encoder wrote after its mirror died, at the next mirror's first pass", async () => {
    puts = [];
    const dir = encoderDir('flushed');
    // The dead worker's mirror had sent the first two seconds.
    for (const n of ['seg_00000.ts', 'seg_00001.ts']) write(dir, `v0/${n}`, n);
    write(dir, 'v0/index.m3u8', playlist(0, ['seg_00000.ts', 'seg_00001.ts']));
    await createLiveMirror({ dir, prefix: 'c1/e50/live', objects }).sync();
    // Then its worker died; the encoder finished the stream it had been sent (no ENDLIST).
    write(dir, 'v0/seg_00002.ts', 'two');
    write(dir, 'v0/seg_00003.ts', 'three, the last, shorter');
    const flushed = playlist(0, ['seg_00000.ts', 'seg_00001.ts', 'seg_00002.ts', 'seg_00003.ts']);
    write(dir, 'v0/index.m3u8', flushed);

    // The next worker on this machine continues the folder: its mirror sends what is missing.
    puts = [];
    await createLiveMirror({ dir, prefix: 'c1/e50/live', objects }).sync();
    // The two segments go up at once (either may finish first), both before the playlists.
    expect(puts.slice(0, 2).sort()).toEqual([
      'c1/e50/live/v0/seg_00002.ts',
      'c1/e50/live/v0/seg_00003.ts',
    ]);
    expect(puts.slice(2)).toEqual(['c1/e50/live/v0/index.m3u8', 'c1/e50/live/master.m3u8']);
    expect(await objects.getText('c1/e50/live/v0/index.m3u8')).toBe(flushed);
  });

  it('runs passes on its own once started, and a last one when stopped', async () => {
    const dir = encoderDir('d');
    const mirror = createLiveMirror({ dir, prefix: 'c1/e4/live', objects, intervalMs: 20 });
    mirror.start();
    write(dir, 'v0/seg_00000.ts', 'zero');
    write(dir, 'v0/index.m3u8', playlist(0, ['seg_00000.ts']));
    const until = Date.now() + 10_000;
    while (!mirror.holds('v0/index.m3u8') && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(mirror.holds('v0/seg_00000.ts')).toBe(true);
    write(dir, 'v0/seg_00001.ts', 'one');
    write(dir, 'v0/index.m3u8', playlist(0, ['seg_00000.ts', 'seg_00001.ts']));
    await mirror.stop();
    expect(mirror.holds('v0/seg_00001.ts')).toBe(true);
  });
});

describe('live mirror behind a fence', () => {
  it('writes nothing once its encoder lost the recording: the new owner’s playlist stays', async () => {
    const dir = encoderDir('fenced');
    write(dir, 'v0/seg_00000.ts', 'zero');
    write(dir, 'v0/index.m3u8', playlist(0, ['seg_00000.ts']));
    let owner = true;
    let asked = 0;
    const fence = () => {
      asked += 1;
      return Promise.resolve(owner);
    };
    const mirror = createLiveMirror({ dir, prefix: 'c1/e5/live', objects, fence });
    await mirror.sync();
    expect(await objects.getText('c1/e5/live/v0/index.m3u8')).toBe(playlist(0, ['seg_00000.ts']));
    expect(asked).toBeGreaterThan(0);

    // Another worker took the game over and continued the playlist in the bucket.
    owner = false;
    const theirs = playlist(0, ['seg_00000.ts', 'seg_00001.ts', 'seg_00002.ts']);
    await objects.putText('c1/e5/live/v0/index.m3u8', theirs, 'application/vnd.apple.mpegurl');
    // This encoder, not told yet, wrote one more segment of its own; then it is stopped.
    write(dir, 'v0/seg_00001.ts', 'one, the stale encoder’s');
    write(dir, 'v0/index.m3u8', playlist(0, ['seg_00000.ts', 'seg_00001.ts']));
    write(dir, 'master.m3u8', '#EXTM3U\n#EXT-X-VERSION:3\nv0/index.m3u8\n');
    puts = [];
    await mirror.stop();
    await mirror.forget(['v0/seg_00000.ts']);
    expect(puts).toEqual([]);
    expect(mirror.fenced()).toBe(true);
    expect(await objects.getText('c1/e5/live/v0/index.m3u8')).toBe(theirs);
    expect(await objects.list('c1/e5/live/v0/')).toContain('c1/e5/live/v0/seg_00000.ts');

    // A fence that says yes again (a lease renewed after a slow moment): the passes go on.
    owner = true;
    write(dir, 'v0/index.m3u8', theirs);
    write(dir, 'v0/seg_00002.ts', 'two');
    await mirror.sync();
    expect(mirror.fenced()).toBe(false);
    expect(puts).toContain('c1/e5/live/v0/seg_00002.ts');
  });
});
