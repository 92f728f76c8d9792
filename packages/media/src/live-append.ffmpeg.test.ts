import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureLiveLoop, parseMediaPlaylist, startLivePublisher } from './index.js';
import { TINY, tinyPicture } from './tiny-media.test-support.js';

/*
 * A restart (or an RTMP reconnect) continues a recording with ffmpeg's append_list, which numbers
 * the next segment from what it reads in the playlist. A playlist cut off by a kill while ffmpeg
 * rewrote it in place (or missing for one rendition) must not make that rendition start over at
 * seg_00000 and write over what was recorded.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-live-append-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const picture = tinyPicture({ showClock: false });
const read = (file: string) => fs.readFileSync(file, 'utf8');
const digest = (file: string) => createHash('sha1').update(fs.readFileSync(file)).digest('hex');
const segmentFiles = (folder: string) =>
  fs
    .readdirSync(folder)
    .filter((n) => /^seg_\d+\.ts$/.test(n))
    .sort();

async function publishUntil(loop: string, out: string, v1Segments: number): Promise<void> {
  const publisher = await startLivePublisher({
    loop,
    outputDir: out,
    fps: picture.fps,
    ladder: TINY,
    segmentSeconds: 1,
  });
  const playlist = path.join(out, 'v1/index.m3u8');
  const started = Date.now();
  try {
    while (Date.now() - started < 30_000) {
      await new Promise((r) => setTimeout(r, 200));
      const text = fs.existsSync(playlist) ? read(playlist) : '';
      if (!text.startsWith('#EXTM3U')) continue;
      if (parseMediaPlaylist(text).segments.length >= v1Segments) return;
    }
    throw new Error(`v1 did not reach ${v1Segments} segments`);
  } finally {
    await publisher.stop();
  }
}

describe('live recording continued after a torn playlist', () => {
  it.each([
    ['cut off mid-write', 'v1', (text: string) => text.slice(0, Math.floor(text.length / 3))],
    ['emptied (truncated, not yet written)', 'v1', () => ''],
    ['missing', 'v1', null],
    // The first rendition's decided whether there was a recording to continue at all.
    ['missing', 'v0', null],
  ] as const)(
    'a rendition whose playlist was %s (%s) keeps its numbering and overwrites nothing',
    async (label, variant, tear) => {
      const loop = path.join(dir, 'loop.mp4');
      await ensureLiveLoop({ output: loop, picture, ladder: TINY, segmentSeconds: 1, seconds: 2 });
      const out = path.join(dir, `${variant}-${label.replace(/\W+/g, '-')}`);
      await publishUntil(loop, out, 5);

      const folder = path.join(out, variant);
      const before = new Map(segmentFiles(folder).map((n) => [n, digest(path.join(folder, n))]));
      const recorded = before.size;
      expect(recorded).toBeGreaterThanOrEqual(5);
      const playlist = path.join(folder, 'index.m3u8');
      const intact = parseMediaPlaylist(read(playlist)).segments;
      if (tear) fs.writeFileSync(playlist, tear(read(playlist)));
      else fs.rmSync(playlist);

      await publishUntil(loop, out, recorded + 3);

      // What was recorded is still there, byte for byte.
      for (const [name, bytes] of before) {
        expect(digest(path.join(folder, name)), name).toBe(bytes);
      }
      // The playlists list every recorded segment once, in order, then the new ones; the torn one
      // lists the recorded ones as before (durations from the other rendition).
      for (const v of ['v0', 'v1']) {
        const list = parseMediaPlaylist(read(path.join(out, v, 'index.m3u8')));
        const uris = list.segments.map((s) => s.uri);
        expect(new Set(uris).size, v).toBe(uris.length);
        expect(uris, v).toEqual([...uris].sort());
        expect(list.segments.every((s) => fs.existsSync(path.join(out, v, s.uri)))).toBe(true);
        expect(uris.length, v).toBeGreaterThan(recorded);
        if (v !== variant) continue;
        const kept = list.segments.slice(0, recorded);
        expect(kept.map((s) => s.uri)).toEqual(intact.map((s) => s.uri));
        // Within a frame (25 fps): the renditions are cut at the same keyframes.
        kept.forEach((s, i) =>
          expect(s.durationSeconds).toBeCloseTo(intact[i]?.durationSeconds ?? 0, 1),
        );
      }
    },
    90_000,
  );
});
