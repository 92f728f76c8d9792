import { describe, expect, it } from 'vitest';
import { MSG } from './rtmp/chunk-stream.js';
import { createStreamHealth } from './stream-health.js';

const SPS_320x180 = Buffer.from('6764000cacd941419f9f011000000300100000030320f1429960', 'hex');
const sequenceHeader = Buffer.concat([
  Buffer.from([0x17, 0, 0, 0, 0, 1, 0x64, 0, 0x0c, 0xff, 0xe1, 0, SPS_320x180.length]),
  SPS_320x180,
]);
const frame = (key: boolean, bytes = 1_000) =>
  Buffer.concat([Buffer.from([key ? 0x17 : 0x27, 1, 0, 0, 0]), Buffer.alloc(bytes - 5)]);
const AAC_CONFIG = Buffer.from([0xaf, 0, 0x11, 0x90]); // 48 kHz stereo
const aacFrame = Buffer.concat([Buffer.from([0xaf, 1]), Buffer.alloc(248)]);

/** A stream at `fps` with a keyframe every `gop` frames, as arriving on time (wall = stream). */
function publish(o: { fps: number; gop: number; seconds: number; skip?: Set<number> }) {
  let wall = 1_000_000;
  const health = createStreamHealth(() => wall);
  health.metadata({
    encoder: 'obs-output module (libobs version 30.1.2)',
    width: 1280,
    height: 720,
    framerate: 30,
    videodatarate: 4500,
  });
  health.add({ type: MSG.video, streamId: 1, timestamp: 0, payload: sequenceHeader });
  health.add({ type: MSG.audio, streamId: 1, timestamp: 0, payload: AAC_CONFIG });
  const frames = o.fps * o.seconds;
  for (let i = 0; i < frames; i += 1) {
    const ts = Math.round((i * 1000) / o.fps);
    wall = 1_000_000 + ts;
    if (o.skip?.has(i)) continue;
    health.add({ type: MSG.video, streamId: 1, timestamp: ts, payload: frame(i % o.gop === 0) });
    // 250 bytes of audio every 1024/48000 s is about 94 kb/s; close enough every frame here.
    health.add({ type: MSG.audio, streamId: 1, timestamp: ts, payload: aacFrame });
  }
  return health;
}

describe('createStreamHealth', () => {
  it('measures the picture, frame rate, keyframe interval and bitrates from the stream', () => {
    const m = publish({ fps: 25, gop: 250, seconds: 24 }).measure();
    expect(m.video).toEqual({
      codec: 'h264',
      // The SPS, not the 1280x720 the encoder claims.
      width: 320,
      height: 180,
      frame_rate: 25,
      keyframe_interval_s: 10,
      // 1 000 bytes a frame at 25 frames a second.
      bitrate_kbps: 200,
    });
    expect(m.audio).toEqual({ codec: 'aac', sample_rate: 48_000, channels: 2, bitrate_kbps: 50 });
    expect(m.claimed).toEqual({
      encoder: 'obs-output module (libobs version 30.1.2)',
      width: 1280,
      height: 720,
      frame_rate: 30,
      video_kbps: 4500,
      audio_kbps: null,
    });
    expect(m.window_s).toBeCloseTo(10, 0);
    expect(m).toMatchObject({ dropped_frames: 0, late_frames: 0 });
  });

  it('a keyframe overdue counts as a gap that long', () => {
    const health = createStreamHealth();
    // Keyframes at 0 s and 2 s, then none until 7 s.
    for (let ts = 0; ts <= 7_000; ts += 40) {
      const key = ts === 0 || ts === 2_000;
      health.add({ type: MSG.video, streamId: 1, timestamp: ts, payload: frame(key) });
      if (ts === 3_000) expect(health.measure().video?.keyframe_interval_s).toBe(2);
    }
    expect(health.measure().video?.keyframe_interval_s).toBe(5);
  });

  it('counts frames missing from the timeline', () => {
    const m = publish({ fps: 30, gop: 60, seconds: 6, skip: new Set([40, 41, 42, 100]) }).measure();
    expect(m.dropped_frames).toBe(4);
  });

  it('counts frames that arrive behind the stream’s pace, forgiving its own hold-backs', () => {
    let wall = 0;
    const health = createStreamHealth(() => wall);
    const at = (ts: number, arrival: number) => {
      wall = arrival;
      health.add({ type: MSG.video, streamId: 1, timestamp: ts, payload: frame(ts === 0) });
    };
    at(0, 0);
    at(40, 40);
    at(80, 1_500); // the uplink stalled
    at(120, 1_520);
    expect(health.measure().late_frames).toBe(2);
    health.rebase(); // the ingest held the socket: the next lag is ours
    at(160, 3_000);
    at(200, 3_040);
    expect(health.measure().late_frames).toBe(2);
  });

  it('says nothing about video before a video message', () => {
    const health = createStreamHealth();
    expect(health.measure()).toEqual({
      window_s: null,
      video: null,
      audio: null,
      claimed: null,
      dropped_frames: null,
      late_frames: null,
    });
  });
});
