import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FfmpegError,
  finalizeLiveRecording,
  makeStills,
  packageVod,
  parseMasterPlaylist,
  parseMediaPlaylist,
  probe,
  remuxToMp4,
  renderSyntheticGame,
  runFfmpeg,
  ensureLiveLoop,
  startLivePublisher,
  type VodPackage,
} from './index.js';
import { TINY, tinyPicture } from './tiny-media.test-support.js';

/* Real ffmpeg on tiny inputs: a 3 s synthetic game at 320×180 and a few seconds of live. */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-media-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const picture = tinyPicture({
  width: 320,
  height: 180,
  goals: [{ atSeconds: 1, team: 'home' as const }],
});
const source = path.join(dir, 'game.mp4');
const read = (file: string) => fs.readFileSync(file, 'utf8');

describe('VOD packaging', () => {
  let pkg: VodPackage;
  beforeAll(async () => {
    await renderSyntheticGame({ output: source, durationSeconds: 3, picture, videoKbps: 300 });
    pkg = await packageVod({
      input: source,
      outputDir: path.join(dir, 'vod'),
      ladder: TINY,
      segmentSeconds: 2,
      keyframeSeconds: 1,
      sourceHasFixedGop: true,
    });
  }, 60_000);

  it('renders a synthetic game with picture and sound', async () => {
    const p = await probe(source);
    expect(p.durationSeconds).toBeCloseTo(3, 0);
    expect(p.video).toMatchObject({ codec: 'h264', width: 320, height: 180 });
    expect(p.audio).toMatchObject({ codec: 'aac', channels: 2 });
  });

  it('writes a master playlist over two renditions whose playlists parse', () => {
    const variants = parseMasterPlaylist(read(path.join(dir, 'vod', pkg.master)));
    expect(variants.map((v) => v.resolution)).toEqual([
      { width: 320, height: 180 },
      { width: 160, height: 90 },
    ]);
    expect(pkg.renditions[0]?.copyVideo).toBe(true);
    for (const v of variants) {
      const media = parseMediaPlaylist(read(path.join(dir, 'vod', v.uri)));
      expect(media.playlistType).toBe('VOD');
      expect(media.endList).toBe(true);
      expect(media.totalSeconds).toBeGreaterThan(2.5);
      // Every segment but the last is within the 2 s target (the GOP is 2 s in the source).
      for (const s of media.segments.slice(0, -1)) expect(s.durationSeconds).toBeCloseTo(2, 1);
      for (const s of media.segments) {
        expect(s.durationSeconds).toBeLessThanOrEqual(media.targetDuration ?? 0);
        expect(fs.statSync(path.join(dir, 'vod', path.dirname(v.uri), s.uri)).size).toBeGreaterThan(
          0,
        );
      }
    }
  });

  it('makes a poster, a thumbnails sprite with its VTT, and two previews', async () => {
    const stills = await makeStills({
      input: path.join(dir, 'vod', 'v0/index.m3u8'),
      smallInput: path.join(dir, 'vod', 'v1/index.m3u8'),
      smallInputKeyframesFrequent: true,
      outputDir: path.join(dir, 'assets'),
      durationSeconds: pkg.durationSeconds,
    });
    const poster = fs.readFileSync(path.join(dir, 'assets', stills.poster));
    expect(poster.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(stills.thumbnails.sheets).toEqual(['sprite_000.jpg']);
    expect(read(path.join(dir, 'assets', 'thumbs.vtt'))).toContain(
      'sprite_000.jpg#xywh=0,0,160,90',
    );
    const preview = await probe(path.join(dir, 'assets', stills.preview));
    expect(preview.video?.codec).toBe('h264');
    expect(preview.audio).toBeNull();
  }, 30_000);

  it('remuxes the HLS into one MP4 without re-encoding', async () => {
    const out = path.join(dir, 'event.mp4');
    const result = await remuxToMp4({
      playlist: path.join(dir, 'vod', 'v0/index.m3u8'),
      output: out,
      hasAudio: true,
    });
    const p = await probe(out);
    expect(result.size).toBeGreaterThan(0);
    expect(p.durationSeconds).toBeCloseTo(3, 0);
    expect(p.video?.codec).toBe('h264');
    expect(p.audio?.codec).toBe('aac');
  }, 30_000);
});

describe('live publisher', () => {
  it('publishes a rendered loop in real time, seamlessly, and the recording becomes a VOD', async () => {
    const out = path.join(dir, 'live');
    const loop = path.join(dir, 'live-loop.mp4');
    // A 2 s loop: within a few seconds the stream has crossed its seam at least once.
    await ensureLiveLoop({
      output: loop,
      picture: { ...picture, clockOffsetSeconds: 600, showClock: false },
      ladder: TINY,
      segmentSeconds: 1,
      seconds: 2,
    });
    expect((await probe(loop)).durationSeconds).toBeCloseTo(2, 0);
    const publisher = await startLivePublisher({
      loop,
      outputDir: out,
      fps: picture.fps,
      ladder: TINY,
      segmentSeconds: 1,
    });
    const playlist = path.join(out, 'v0/index.m3u8');
    const counts: number[] = [];
    const started = Date.now();
    while (Date.now() - started < 20_000 && (counts.at(-1) ?? 0) < 5) {
      await new Promise((r) => setTimeout(r, 200));
      const text = fs.existsSync(playlist) ? read(playlist) : '';
      if (!text.startsWith('#EXTM3U')) continue;
      const p = parseMediaPlaylist(text);
      expect(p.playlistType).toBe('EVENT');
      expect(p.endList).toBe(false);
      if (p.segments.length !== counts.at(-1)) counts.push(p.segments.length);
    }
    const elapsed = (Date.now() - started) / 1000;
    await publisher.stop();
    // Paced by the clock (-re), not as fast as the disk allows.
    expect(counts.at(-1)).toBeGreaterThanOrEqual(5);
    expect(counts.at(-1) ?? 0).toBeLessThanOrEqual(elapsed + 2);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));

    const { durationSeconds } = await finalizeLiveRecording(out);
    expect(durationSeconds).toBeGreaterThanOrEqual(4);
    for (const v of ['v0', 'v1']) {
      const vod = parseMediaPlaylist(read(path.join(out, v, 'index.m3u8')));
      expect(vod.endList).toBe(true);
      expect(vod.playlistType).toBe('VOD');
      // Timestamps keep counting across the seam: each segment starts where the last one ended.
      const starts: number[] = [];
      for (const segment of vod.segments.slice(0, 5)) {
        starts.push((await probe(path.join(out, v, segment.uri))).startSeconds ?? Number.NaN);
      }
      starts.slice(1).forEach((t, i) => expect(t - (starts[i] ?? 0)).toBeCloseTo(1, 0));
    }
    expect(parseMasterPlaylist(read(path.join(out, 'master.m3u8')))).toHaveLength(2);
  }, 60_000);
});

describe('runner', () => {
  it('reports ffmpeg failures with the tail of its stderr', async () => {
    const error = await runFfmpeg([
      '-protocol_whitelist',
      'file',
      '-i',
      path.join(dir, 'missing.mp4'),
      '-f',
      'null',
      '-',
    ]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FfmpegError);
    expect((error as FfmpegError).stderrTail).toMatch(/No such file/);
  });

  it('refuses protocols outside the whitelist', async () => {
    const error = await runFfmpeg([
      '-protocol_whitelist',
      'file',
      '-i',
      'http://127.0.0.1:9/x.m3u8',
      '-f',
      'null',
      '-',
    ]).catch((e: unknown) => e);
    expect((error as FfmpegError).stderrTail).toMatch(/not on whitelist|Protocol/i);
  });

  it('kills a run that outlasts its timeout', async () => {
    const error = await runFfmpeg(
      ['-f', 'lavfi', '-i', 'testsrc2=s=64x64:r=25,realtime', '-f', 'null', '-'],
      { timeoutMs: 500 },
    ).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/timed out after 500 ms/);
  });

  it('reports progress while encoding', async () => {
    const seen: number[] = [];
    await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc2=s=64x64:r=25:d=2', '-f', 'null', '-'], {
      onProgress: (p) => seen.push(p.outTimeSeconds),
    });
    expect(seen.at(-1)).toBeCloseTo(2, 0);
  });
});
