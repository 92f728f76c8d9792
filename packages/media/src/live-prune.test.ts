import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseMediaPlaylist } from './hls/playlist.js';
import { finalizeLiveRecording, pruneLiveRecording } from './live.js';

const NOW = Date.UTC(2026, 0, 1, 12);

/**
 * A live recording as the publisher leaves it: two renditions of `count` 1 s segments, segment i
 * written `count - i` seconds before NOW (real time, as `-re` publishes).
 */
function writeRecording(dir: string, count: number, o: { from?: number } = {}) {
  const from = o.from ?? 0;
  for (const variant of ['v0', 'v1']) {
    fs.mkdirSync(path.join(dir, variant), { recursive: true });
    const lines = [
      '#EXTM3U',
      '#EXT-X-VERSION:6',
      '#EXT-X-TARGETDURATION:1',
      '#EXT-X-MEDIA-SEQUENCE:0',
      '#EXT-X-PLAYLIST-TYPE:EVENT',
    ];
    for (let i = from; i < from + count; i += 1) {
      lines.push('#EXTINF:1.000000,', `seg_${i}.ts`);
      writeSegment(dir, variant, `seg_${i}.ts`, (from + count - i) * 1000);
    }
    fs.writeFileSync(path.join(dir, variant, 'index.m3u8'), `${lines.join('\n')}\n`);
  }
}

function writeSegment(dir: string, variant: string, name: string, ageMs: number) {
  const file = path.join(dir, variant, name);
  fs.writeFileSync(file, 'ts');
  const at = new Date(NOW - ageMs);
  fs.utimesSync(file, at, at);
}

const segments = (dir: string, variant: string) =>
  fs.readdirSync(path.join(dir, variant)).filter((f) => f.endsWith('.ts'));

describe('pruneLiveRecording (a synthetic game kept for its DVR window)', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'live-prune-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('deletes the segments older than the window in every rendition', async () => {
    writeRecording(dir, 100);
    expect(await pruneLiveRecording(dir, 30, NOW)).toHaveLength(140);
    expect(segments(dir, 'v0')).toHaveLength(30);
    expect(segments(dir, 'v1')).toHaveLength(30);
    expect(fs.existsSync(path.join(dir, 'v0', 'seg_70.ts'))).toBe(true);
    expect(await pruneLiveRecording(dir, 30, NOW)).toHaveLength(0);
  });

  it('keeps everything with no window, or while the recording is shorter than it', async () => {
    writeRecording(dir, 100);
    expect(await pruneLiveRecording(dir, 0, NOW)).toHaveLength(0);
    expect(await pruneLiveRecording(dir, 7200, NOW)).toHaveLength(0);
    expect(segments(dir, 'v0')).toHaveLength(100);
  });

  it('never deletes a recent file, even when a torn read of the playlist lists nothing', async () => {
    writeRecording(dir, 100);
    for (const variant of ['v0', 'v1']) {
      fs.writeFileSync(path.join(dir, variant, 'index.m3u8'), '#EXTM3U\n#EXT-X-VERS');
    }
    await pruneLiveRecording(dir, 30, NOW);
    expect(segments(dir, 'v0')).toHaveLength(30);
  });

  it('keeps what the window lists however old, and deletes files no playlist lists', async () => {
    writeRecording(dir, 100);
    // A publisher that fell behind: its newest segments were written long ago.
    for (let i = 90; i < 100; i += 1) writeSegment(dir, 'v0', `seg_${i}.ts`, 600_000);
    // A rendition whose list started over after a restart left old files behind.
    writeSegment(dir, 'v1', 'seg_5000.ts', 600_000);
    await pruneLiveRecording(dir, 30, NOW);
    expect(fs.existsSync(path.join(dir, 'v0', 'seg_95.ts'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'v1', 'seg_5000.ts'))).toBe(false);
  });

  it('the pruned recording becomes a VOD of what is left', async () => {
    writeRecording(dir, 100);
    await pruneLiveRecording(dir, 30, NOW);
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
