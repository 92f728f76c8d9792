import { describe, expect, it } from 'vitest';
import { capThreads, ffmpegThreadCap, withFfmpegThreads } from './thread-cap.js';

describe('capThreads', () => {
  it('caps the filters, each input’s decoder and the output’s encoders', () => {
    const args = [
      '-y',
      '-ss',
      '3',
      '-i',
      'in.m3u8',
      '-i',
      'logo.png',
      '-vf',
      'scale=320:-2',
      'out.jpg',
    ];
    expect(capThreads(args, 1)).toEqual([
      ...['-filter_threads', '1', '-filter_complex_threads', '1'],
      ...['-y', '-ss', '3', '-threads', '1', '-i', 'in.m3u8', '-threads', '1', '-i', 'logo.png'],
      ...['-vf', 'scale=320:-2', '-threads', '1', 'out.jpg'],
    ]);
  });
});

describe('withFfmpegThreads', () => {
  it('holds its cap through the awaits of its work, and only there', async () => {
    expect(ffmpegThreadCap()).toBeUndefined();
    const seen = await withFfmpegThreads(1, async () => {
      await new Promise((r) => setTimeout(r, 1));
      return ffmpegThreadCap();
    });
    expect(seen).toBe(1);
    expect(ffmpegThreadCap()).toBeUndefined();
  });
});
