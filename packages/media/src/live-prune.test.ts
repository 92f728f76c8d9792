import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseMediaPlaylist } from './hls/playlist.js';
import { finalizeLiveRecording, pruneLiveRecording } from './live.js';

/** A live recording as the publisher leaves it: two renditions of `count` 1 s segments. */
function writeRecording(dir: string, count: number) {
  for (const variant of ['v0', 'v1']) {
    fs.mkdirSync(path.join(dir, variant), { recursive: true });
    const lines = [
      '#EXTM3U',
      '#EXT-X-VERSION:6',
      '#EXT-X-TARGETDURATION:1',
      '#EXT-X-MEDIA-SEQUENCE:0',
      '#EXT-X-PLAYLIST-TYPE:EVENT',
    ];
    for (let i = 0; i < count; i += 1) {
      lines.push('#EXTINF:1.000000,', `seg_${i}.ts`);
      fs.writeFileSync(path.join(dir, variant, `seg_${i}.ts`), 'ts');
    }
    fs.writeFileSync(path.join(dir, variant, 'index.m3u8'), `${lines.join('\n')}\n`);
  }
}

const segments = (dir: string, variant: string) =>
  fs.readdirSync(path.join(dir, variant)).filter((f) => f.endsWith('.ts')).length;

describe('pruneLiveRecording (a synthetic game kept for its DVR window)', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'live-prune-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('deletes the segments older than the window in every rendition, once', async () => {
    writeRecording(dir, 100);
    expect(await pruneLiveRecording(dir, 30)).toBe(140);
    expect(segments(dir, 'v0')).toBe(30);
    expect(segments(dir, 'v1')).toBe(30);
    expect(fs.existsSync(path.join(dir, 'v0', 'seg_70.ts'))).toBe(true);
    // The next pass stops at the first segment already gone.
    expect(await pruneLiveRecording(dir, 30)).toBe(0);
    // 10 more seconds published: 10 more deleted.
    writeRecording(dir, 110);
    for (const variant of ['v0', 'v1']) {
      for (let i = 0; i < 70; i += 1) fs.rmSync(path.join(dir, variant, `seg_${i}.ts`));
    }
    expect(await pruneLiveRecording(dir, 30)).toBe(20);
    expect(segments(dir, 'v0')).toBe(30);
  });

  it('keeps everything with no window, or while the recording is shorter than it', async () => {
    writeRecording(dir, 100);
    expect(await pruneLiveRecording(dir, 0)).toBe(0);
    expect(await pruneLiveRecording(dir, 7200)).toBe(0);
    expect(segments(dir, 'v0')).toBe(100);
  });

  it('the pruned recording becomes a VOD of what is left', async () => {
    writeRecording(dir, 100);
    await pruneLiveRecording(dir, 30);
    const { durationSeconds } = await finalizeLiveRecording(dir);
    expect(durationSeconds).toBe(30);
    const vod = parseMediaPlaylist(fs.readFileSync(path.join(dir, 'v0', 'index.m3u8'), 'utf8'));
    expect(vod.playlistType).toBe('VOD');
    expect(vod.endList).toBe(true);
    expect(vod.segments[0]?.uri).toBe('seg_70.ts');
    expect(vod.mediaSequence).toBe(70);
  });

  it('a recording nothing was deleted from stays whole (a real game)', async () => {
    writeRecording(dir, 100);
    const { durationSeconds } = await finalizeLiveRecording(dir);
    expect(durationSeconds).toBe(100);
  });
});
