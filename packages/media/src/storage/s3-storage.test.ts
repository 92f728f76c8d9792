import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBucket, type TestBucket } from './s3-bucket.test-support.js';

/* The S3 storage against a real S3-compatible server (s3rver) in this process. */

const bucket = testBucket('media', 'rudy-s3-');
let storage: ReturnType<TestBucket['storage']>;

beforeAll(async () => {
  await bucket.start();
  storage = bucket.storage('local', { keyPrefix: 'site-a' });
});

afterAll(() => bucket.close());

/** What the bucket holds, without the storage's own view (local copies included). */
async function bucketKeys(): Promise<string[]> {
  const { ListObjectsV2Command } = await import('@aws-sdk/client-s3');
  const page = await (await storage.client()).send(new ListObjectsV2Command({ Bucket: 'media' }));
  return (page.Contents ?? []).map((o) => o.Key ?? '').sort();
}

describe('S3 storage', () => {
  it('puts, stats, reads ranges, lists and deletes by prefix', async () => {
    await storage.put('c1/e2/a.txt', 'hello world');
    await storage.put('c1/e2/sub/b.txt', Buffer.from('b'));
    await storage.put('c1/e2/sub/c.txt', Readable.from(['streamed ', 'body']));
    expect(await bucketKeys()).toEqual([
      'site-a/c1/e2/a.txt',
      'site-a/c1/e2/sub/b.txt',
      'site-a/c1/e2/sub/c.txt',
    ]);
    expect(await storage.stat('c1/e2/a.txt')).toMatchObject({ size: 11 });
    expect(await text((await storage.get('c1/e2/sub/c.txt'))!)).toBe('streamed body');
    const part = await storage.get('c1/e2/a.txt', { start: 6, end: 10 });
    expect(await text(part!)).toBe('world');
    expect(await storage.list('c1/e2/')).toEqual([
      'c1/e2/a.txt',
      'c1/e2/sub/b.txt',
      'c1/e2/sub/c.txt',
    ]);
    await storage.delete('c1/e2/sub/');
    expect(await storage.list('c1/e2')).toEqual(['c1/e2/a.txt']);
    await storage.delete('c1/e2/');
    expect(await storage.exists('c1/e2/a.txt')).toBe(false);
    expect(await storage.stat('c1/e2/a.txt')).toBeNull();
    expect(await storage.get('c1/e2/a.txt')).toBeNull();
    expect(await bucketKeys()).toEqual([]);
  });

  it('publishes a work directory in place of the old tree, and copies a tree out for ffmpeg', async () => {
    await storage.put('c1/e3/vod/old.ts', 'old');
    await storage.put('c1/e3/vod/v0/seg_0.ts', 'old segment');
    await storage.put('c1/e3/vodka/kept.txt', 'a neighbour with the same start');
    const work = await storage.workDir('job');
    fs.mkdirSync(path.join(work, 'v0'));
    fs.writeFileSync(path.join(work, 'v0/seg_0.ts'), 'new segment');
    fs.writeFileSync(path.join(work, 'v0/index.m3u8'), '#EXTM3U\nseg_0.ts\n');
    await storage.importDir('c1/e3/vod', work);
    expect(fs.existsSync(work)).toBe(false);
    expect(await storage.list('c1/e3/vod')).toEqual([
      'c1/e3/vod/v0/index.m3u8',
      'c1/e3/vod/v0/seg_0.ts',
    ]);
    expect(await storage.list('c1/e3/vodka')).toEqual(['c1/e3/vodka/kept.txt']);
    expect(await text((await storage.get('c1/e3/vod/v0/seg_0.ts'))!)).toBe('new segment');

    const copy = await storage.localDir('c1/e3/vod');
    expect(fs.readFileSync(path.join(copy.path, 'v0/index.m3u8'), 'utf8')).toContain('seg_0.ts');
    await copy.release();
    expect(fs.existsSync(copy.path)).toBe(false);
    await expect(storage.localDir('c1/nothing')).rejects.toThrow(/nothing stored/);
  });

  it('reads a live directory from the bucket once the mirror put it there; ffmpeg reads the disk', async () => {
    const dir = await storage.liveDir('c1/e4/live');
    fs.writeFileSync(path.join(dir, 'index.m3u8'), '#EXTM3U\n');
    // On the encoder's disk only: not served yet (every process reads the bucket).
    expect(await storage.stat('c1/e4/live/index.m3u8')).toBeNull();
    await storage.objects.putFile('c1/e4/live/index.m3u8', path.join(dir, 'index.m3u8'));
    expect(await storage.stat('c1/e4/live/index.m3u8')).toMatchObject({ size: 8 });
    expect(await text((await storage.get('c1/e4/live/index.m3u8'))!)).toBe('#EXTM3U\n');
    expect(await storage.objects.getText('c1/e4/live/index.m3u8')).toBe('#EXTM3U\n');
    expect(await storage.objects.getText('c1/e4/live/none.m3u8')).toBeNull();
    expect(await storage.list('c1/e4')).toEqual(['c1/e4/live/index.m3u8']);
    expect((await storage.localDir('c1/e4/live')).path).toBe(dir);
    await storage.delete('c1/e4/');
    expect(await storage.exists('c1/e4/live/index.m3u8')).toBe(false);
    expect(fs.existsSync(dir)).toBe(false);
  });

  it('signs one address per window, which the bucket answers', async () => {
    await storage.put('c1/e5/vod/v0/seg_1.ts', Buffer.from('segment bytes'));
    const at = (ms: number) => new Date(Date.UTC(2026, 11, 1, 12, 0, 0) + ms);
    const sign = (ms: number) =>
      storage.objects.signedUrl('c1/e5/vod/v0/seg_1.ts', { windowSeconds: 60, now: at(ms) });
    const first = await sign(1_000);
    expect(await sign(59_000)).toBe(first);
    expect(await sign(61_000)).not.toBe(first);
    expect(first).toContain('X-Amz-Expires=120');
    const now = await storage.objects.signedUrl('c1/e5/vod/v0/seg_1.ts', { windowSeconds: 60 });
    const reply = await fetch(now);
    expect(reply.status).toBe(200);
    expect(await reply.text()).toBe('segment bytes');
    const named = await storage.objects.signedUrl('c1/e5/vod/v0/seg_1.ts', {
      windowSeconds: 60,
      contentType: 'video/mp2t',
      contentDisposition: 'attachment; filename="game.ts"',
    });
    const download = await fetch(named);
    expect(download.headers.get('content-type')).toBe('video/mp2t');
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="game.ts"');
  });

  it('puts a large file in parts and reads it back whole', async () => {
    const inParts = bucket.storage('local-b', {
      keyPrefix: 'site-b',
      multipartFrom: 6 * 1024 * 1024,
      partSize: 5 * 1024 * 1024,
    });
    const sent: string[] = [];
    (await inParts.client()).middlewareStack.add(
      (next, context) => (args) => {
        sent.push(String(context.commandName));
        return next(args);
      },
      { step: 'initialize' },
    );
    // 12 MiB and 3 bytes: two full parts and a short last one, each byte where it belongs.
    const body = randomBytes(12 * 1024 * 1024 + 3);
    await inParts.put('c1/e5/big.mp4', Readable.from([body]));
    expect(sent.filter((name) => name !== 'HeadObjectCommand')).toEqual([
      'CreateMultipartUploadCommand',
      'UploadPartCommand',
      'UploadPartCommand',
      'UploadPartCommand',
      'CompleteMultipartUploadCommand',
    ]);
    expect(await inParts.stat('c1/e5/big.mp4')).toMatchObject({ size: body.length });
    const back = Buffer.concat(await (await inParts.get('c1/e5/big.mp4'))!.toArray());
    expect(back.equals(body)).toBe(true);
    const tail = await inParts.get('c1/e5/big.mp4', {
      start: body.length - 3,
      end: body.length - 1,
    });
    expect(Buffer.concat(await tail!.toArray()).equals(body.subarray(-3))).toBe(true);
    await inParts.delete('c1/e5/');
  });

  it('refuses keys that could leave the prefix', async () => {
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', 'a/%2e%2e/b', '']) {
      await expect(storage.put(key, 'x')).rejects.toThrow(/unsafe/);
      await expect(storage.get(key)).rejects.toThrow(/unsafe/);
    }
  });
});
