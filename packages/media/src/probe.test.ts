import { describe, expect, it } from 'vitest';
import { createProgressParser, type FfmpegProgress } from './progress.js';
import { parseProbe } from './probe.js';

const banner = `Input #0, mov,mp4,m4a,3gp,3g2,mj2, from '/tmp/game.mp4':
  Metadata:
    major_brand     : isom
  Duration: 00:01:20.02, start: 0.000000, bitrate: 1173 kb/s
    Stream #0:0(und): Video: h264 (High) (avc1 / 0x31637661), yuv420p, 1280x720 [SAR 1:1 DAR 16:9], 1151 kb/s, 25 fps, 25 tbr, 12800 tbn, 50 tbc (default)
    Stream #0:1(und): Audio: aac (LC) (mp4a / 0x6134706D), 48000 Hz, stereo, fltp, 128 kb/s (default)
Stream mapping:
  Stream #0:0 -> #0:0 (h264 (native) -> wrapped_avframe (native))
Output #0, null, to 'pipe:':
    Stream #0:0(und): Video: wrapped_avframe, yuv420p, 640x360`;

describe('parseProbe', () => {
  it('reads duration, codecs, size, frame rate and channels of the input only', () => {
    expect(parseProbe(banner)).toEqual({
      durationSeconds: 80.02,
      startSeconds: 0,
      video: { codec: 'h264', width: 1280, height: 720, fps: 25, pixFmt: 'yuv420p', kbps: 1151 },
      audio: { codec: 'aac', sampleRate: 48000, channels: 2 },
    });
  });

  it('copes with an input without audio or duration', () => {
    const text = `Input #0, lavfi, from 'x':\n  Duration: N/A, start: 0.0\n    Stream #0:0: Video: rawvideo (I420 / 0x30323449), yuv420p(progressive), 320x240 [SAR 1:1 DAR 4:3], 25 tbr`;
    const p = parseProbe(text);
    expect(p.durationSeconds).toBeNull();
    expect(p.startSeconds).toBe(0);
    expect(p.audio).toBeNull();
    expect(p.video).toMatchObject({
      codec: 'rawvideo',
      width: 320,
      height: 240,
      pixFmt: 'yuv420p',
    });
  });
});

describe('progress parser', () => {
  it('emits one report per block, whatever the chunking', () => {
    const seen: FfmpegProgress[] = [];
    const feed = createProgressParser((p) => seen.push(p));
    feed('frame=50\nout_time_us=2000');
    feed('000\nspeed=3.5x\nprogress=continue\nframe=75\nout_time_us=3000000\nspe');
    feed('ed=N/A\nprogress=end\n');
    expect(seen).toEqual([
      { outTimeSeconds: 2, speed: 3.5, frame: 50, done: false },
      { outTimeSeconds: 3, speed: null, frame: 75, done: true },
    ]);
  });
});
