import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ClipRangeError,
  cutClip,
  locateFont,
  packageVod,
  parseMediaPlaylist,
  probe,
  readTransportStream,
  renderSyntheticGame,
  runFfmpeg,
  startSyntheticLive,
  type Clip,
  type Rendition,
} from './index.js';

/*
 * Real ffmpeg on tiny sources: a 12 s synthetic game packaged as HLS with 2 s segments (v1 is
 * encoded with a keyframe every second; v0 is the source's video copied, a keyframe per segment;
 * both with B-frames as x264 makes them), and a few seconds of the live encoder (no B-frames) cut
 * while it is still writing its EVENT playlist.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-clip-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const FPS = 25;
const FRAME = 1 / FPS;
const TINY: Rendition[] = [
  { name: '180p', width: 320, height: 180, videoKbps: 300, audioKbps: 64 },
  { name: '90p', width: 160, height: 90, videoKbps: 120, audioKbps: 64 },
];
const picture = {
  width: 320,
  height: 180,
  fps: FPS,
  home: { code: 'WOL', color: '#1d4f91' },
  away: { code: 'KNI', color: '#c8102e' },
  goals: [{ atSeconds: 4, team: 'home' as const }],
  clockOffsetSeconds: 0,
  fontFile: locateFont(),
};
const vodPlaylist = path.join(dir, 'vod', 'v1', 'index.m3u8');
const copiedPlaylist = path.join(dir, 'vod', 'v0', 'index.m3u8');
let outputs = 0;
const outDir = () => path.join(dir, `clip-${outputs++}`);

/** Decodes everything; returns the frame count and whatever ffmpeg reported as an error. */
async function decode(input: string) {
  let frames = 0;
  const { stderrTail } = await runFfmpeg(
    ['-protocol_whitelist', 'file', '-i', input, '-f', 'null', '-'],
    { logLevel: 'error', timeoutMs: 30_000, onProgress: (p) => (frames = p.frame ?? frames) },
  );
  return { frames, errors: stderrTail };
}

/** When a file's first picture and first sound are presented (decoded, edit lists applied). */
async function firstFrameTimes(file: string) {
  const first = async (...select: string[]) => {
    const { stderrTail } = await runFfmpeg(
      ['-protocol_whitelist', 'file', '-i', file, ...select, '-f', 'null', '-'],
      { logLevel: 'info', timeoutMs: 30_000 },
    );
    const at = /pts_time:(-?[\d.]+)/.exec(stderrTail);
    return at ? Number(at[1]) : null;
  };
  return {
    video: await first('-map', '0:v:0', '-vf', 'showinfo', '-frames:v', '1'),
    audio: await first('-map', '0:a:0', '-af', 'ashowinfo', '-frames:a', '1'),
  };
}

/** What every clip must be: HLS and MP4 of the asked length, decoding cleanly, and a poster. */
async function expectPlayableClip(out: string, clip: Clip, askedSeconds: number) {
  expect([clip.playlist, clip.mp4, clip.poster]).toEqual(
    ['index.m3u8', 'clip.mp4', 'poster.jpg'].map((f) => path.join(out, f)),
  );
  const playlist = parseMediaPlaylist(fs.readFileSync(clip.playlist, 'utf8'));
  expect(playlist).toMatchObject({ playlistType: 'VOD', endList: true });
  expect(playlist.segments).toHaveLength(clip.segments);
  expect(Math.abs(playlist.totalSeconds - askedSeconds)).toBeLessThanOrEqual(FRAME + 1e-6);
  expect(clip.durationSeconds).toBeCloseTo(playlist.totalSeconds, 5);

  const mp4 = await probe(clip.mp4);
  expect(mp4.video?.codec).toBe('h264');
  expect(mp4.audio?.codec).toBe('aac');
  // ffmpeg prints durations to 10 ms.
  expect(Math.abs((mp4.durationSeconds ?? 0) - askedSeconds)).toBeLessThanOrEqual(FRAME + 0.005);
  // The file starts with the clip's first picture, not with the sound muxed ahead of it in the
  // first segment (by the picture's decode delay), which would play under no picture.
  const starts = await firstFrameTimes(clip.mp4);
  expect(starts.video).toBe(0);
  expect(starts.audio).toBeGreaterThanOrEqual(0);
  expect(starts.audio).toBeLessThan(1024 / 48_000 + 1e-6);

  const hls = await decode(clip.playlist);
  const file = await decode(clip.mp4);
  expect(hls.errors).toBe('');
  expect(file.errors).toBe('');
  // Every frame once: no frame lost or doubled where re-encoded and copied parts meet.
  expect(file.frames).toBe(hls.frames);
  expect(Math.abs(file.frames * FRAME - askedSeconds)).toBeLessThanOrEqual(FRAME + 1e-6);
  expect(Math.abs(file.frames * FRAME - playlist.totalSeconds)).toBeLessThan(1e-6);

  const poster = fs.readFileSync(clip.poster);
  expect(poster.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  // Nothing but the layout is left behind.
  expect(fs.readdirSync(out).filter((f) => f.startsWith('.') || f.endsWith('.part'))).toEqual([]);
}

describe('cutClip from a finished game (VOD)', () => {
  beforeAll(async () => {
    const source = path.join(dir, 'game.mp4');
    await renderSyntheticGame({ output: source, durationSeconds: 12, picture, videoKbps: 300 });
    await packageVod({
      input: source,
      outputDir: path.join(dir, 'vod'),
      ladder: TINY,
      segmentSeconds: 2,
      keyframeSeconds: 1,
      sourceHasFixedGop: true,
    });
  }, 60_000);

  it('reads frame times, keyframes and parameter sets from a segment', () => {
    const segment = readTransportStream(
      fs.readFileSync(path.join(dir, 'vod', 'v1', 'seg_00001.ts')),
    );
    expect(segment.video).toHaveLength(2 * FPS);
    expect(segment.video.filter((f) => f.isKey)).toHaveLength(2);
    expect(segment.video[0]?.isKey).toBe(true);
    // B-frames: decoding runs ahead of presentation.
    expect(segment.video.some((f) => f.pts > f.dts)).toBe(true);
    expect(segment.audio.length).toBeGreaterThan(90); // 2 s of 1024-sample AAC frames at 48 kHz
    expect(segment.parameterSets).toMatch(/^67[0-9a-f]+\/68[0-9a-f]+$/);
  });

  it('cuts exactly at segment boundaries by linking the segments, re-encoding nothing', async () => {
    const out = outDir();
    const clip = await cutClip({
      playlist: vodPlaylist,
      startSeconds: 2,
      durationSeconds: 6,
      outputDir: out,
      hasAudio: true,
    });
    expect(clip).toMatchObject({ segments: 3, reencodedSeconds: 0, durationSeconds: 6 });
    for (let i = 0; i < 3; i++) {
      const name = (n: number) => `seg_${String(n).padStart(5, '0')}.ts`;
      expect(fs.readFileSync(path.join(out, name(i)))).toEqual(
        fs.readFileSync(path.join(dir, 'vod', 'v1', name(i + 1))),
      );
    }
    await expectPlayableClip(out, clip, 6);
  });

  it('cuts mid-segment at both ends, re-encoding only up to the next keyframe', async () => {
    const out = outDir();
    const clip = await cutClip({
      playlist: vodPlaylist,
      startSeconds: 2.5,
      durationSeconds: 6.83,
      outputDir: out,
      hasAudio: true,
    });
    // Start 2.5 s: frames up to the keyframe at 3 s are encoded; the end at 9.33 s falls after
    // the keyframe at 9 s, so at most those 0.32 s are encoded too.
    expect(clip.reencodedSeconds).toBeGreaterThanOrEqual(0.5 - 1e-6);
    expect(clip.reencodedSeconds).toBeLessThanOrEqual(0.84);
    await expectPlayableClip(out, clip, 6.83);
  });

  it('cuts a clip inside one segment, between and across its keyframes', async () => {
    for (const [start, duration] of [
      [4.2, 0.6],
      [4.62, 0.9],
    ] as const) {
      const out = outDir();
      const clip = await cutClip({
        playlist: vodPlaylist,
        startSeconds: start,
        durationSeconds: duration,
        outputDir: out,
        hasAudio: true,
      });
      expect(clip.reencodedSeconds).toBeGreaterThan(0);
      await expectPlayableClip(out, clip, duration);
    }
  });

  it('starts a frame before a segment ends by re-encoding on into the next one', async () => {
    const out = outDir();
    const clip = await cutClip({
      playlist: vodPlaylist,
      startSeconds: 5.96,
      durationSeconds: 2.04,
      outputDir: out,
      hasAudio: true,
    });
    // One frame alone cannot be encoded with the source's decode delay: it is encoded together
    // with the next segment's first GOP (1 s), and the rest of that segment is copied.
    expect(Math.abs(clip.reencodedSeconds - 1.04)).toBeLessThanOrEqual(FRAME + 1e-6);
    expect(clip.segments).toBe(2);
    await expectPlayableClip(out, clip, 2.04);
  });

  it('cuts a rendition copied from the source, re-encoding up to its next keyframe', async () => {
    // v0 keeps the source's 2 s GOP: the start at 2.5 s is re-encoded up to 4 s.
    const out = outDir();
    const clip = await cutClip({
      playlist: copiedPlaylist,
      startSeconds: 2.5,
      durationSeconds: 4.1,
      outputDir: out,
      hasAudio: true,
    });
    expect(clip.reencodedSeconds).toBeGreaterThanOrEqual(1.5 - 1e-6);
    await expectPlayableClip(out, clip, 4.1);
  });

  it('refuses a range outside the recording', async () => {
    const cut = (startSeconds: number, durationSeconds: number) =>
      cutClip({
        playlist: vodPlaylist,
        startSeconds,
        durationSeconds,
        outputDir: outDir(),
        hasAudio: true,
      });
    await expect(cut(-0.5, 2)).rejects.toBeInstanceOf(ClipRangeError);
    await expect(cut(3, 0)).rejects.toBeInstanceOf(ClipRangeError);
    const total = parseMediaPlaylist(fs.readFileSync(vodPlaylist, 'utf8')).totalSeconds;
    await expect(cut(total - 1, 1.5)).rejects.toMatchObject({
      name: 'ClipRangeError',
      availableSeconds: total,
    });
  });
});

describe('cutClip from a live game (DVR window)', () => {
  it('cuts from the EVENT playlist while the encoder is still writing it', async () => {
    const live = path.join(dir, 'live');
    const encoder = await startSyntheticLive({
      outputDir: live,
      picture,
      ladder: TINY,
      segmentSeconds: 1,
      maxSeconds: 30,
    });
    const playlist = path.join(live, 'v0', 'index.m3u8');
    try {
      const started = Date.now();
      let listed = 0;
      while (listed < 4 && Date.now() - started < 20_000) {
        await new Promise((r) => setTimeout(r, 200));
        const text = fs.existsSync(playlist) ? fs.readFileSync(playlist, 'utf8') : '';
        if (text.startsWith('#EXTM3U')) listed = parseMediaPlaylist(text).segments.length;
      }
      const before = parseMediaPlaylist(fs.readFileSync(playlist, 'utf8'));
      expect(before).toMatchObject({ playlistType: 'EVENT', endList: false });

      const out = outDir();
      const clip = await cutClip({
        playlist,
        startSeconds: 1.3,
        durationSeconds: 1.46,
        outputDir: out,
        hasAudio: true,
      });
      // No B-frames live: the end is a stream-copied prefix; only the start is re-encoded, up
      // to the keyframe at 2 s (the live clock is not on the frame grid: within a frame).
      expect(Math.abs(clip.reencodedSeconds - 0.7)).toBeLessThanOrEqual(FRAME + 1e-6);
      await expectPlayableClip(out, clip, 1.46);

      await expect(
        cutClip({
          playlist,
          startSeconds: 1,
          durationSeconds: 600,
          outputDir: outDir(),
          hasAudio: true,
        }),
      ).rejects.toBeInstanceOf(ClipRangeError);
    } finally {
      await encoder.stop();
    }
  }, 60_000);
});
