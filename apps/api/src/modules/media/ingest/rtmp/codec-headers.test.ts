import { describe, expect, it } from 'vitest';
import { readAudioTag, readVideoTag, spsPictureSize } from './codec-headers.js';

/* SPS NAL units as libx264 writes them (ffmpeg -f h264), with the picture size they code. */
const SPS = {
  // High profile, 1088 coded lines cropped to 1080.
  '1920x1080': '67640028acd940780227e5c044000003000400000300c83c60c658',
  '320x180': '6764000cacd941419f9f011000000300100000030320f1429960',
  // Constrained baseline (no chroma format fields).
  '640x360': '6742c01ed900a02ff97011000003000100000300320f162e48',
};

/** An FLV AVC sequence header (AVCDecoderConfigurationRecord) carrying one SPS. */
function avcSequenceHeader(sps: Buffer, keyframe = true) {
  const record = Buffer.concat([
    Buffer.from([1, sps[1] ?? 0, sps[2] ?? 0, sps[3] ?? 0, 0xff, 0xe1]),
    Buffer.from([sps.length >> 8, sps.length & 0xff]),
    sps,
    Buffer.from([1, 0, 4, 0x68, 0xee, 0x3c, 0x80]),
  ]);
  return Buffer.concat([Buffer.from([(keyframe ? 0x10 : 0x20) | 7, 0, 0, 0, 0]), record]);
}

describe('codec headers', () => {
  it.each(Object.entries(SPS))('reads %s from an H.264 SPS', (size, hex) => {
    const [width, height] = size.split('x').map(Number);
    expect(spsPictureSize(Buffer.from(hex, 'hex'))).toEqual({ width, height });
  });

  it('an unreadable SPS is no size, not an error', () => {
    expect(spsPictureSize(Buffer.from('6764', 'hex'))).toBeNull();
  });

  it('tells keyframes, inter frames and the sequence header apart', () => {
    const sps = Buffer.from(SPS['320x180'], 'hex');
    expect(readVideoTag(avcSequenceHeader(sps))).toEqual({
      codec: 'h264',
      keyframe: false,
      frame: false,
      sps,
    });
    expect(readVideoTag(Buffer.from([0x17, 1, 0, 0, 0, 9]))).toEqual({
      codec: 'h264',
      keyframe: true,
      frame: true,
    });
    expect(readVideoTag(Buffer.from([0x27, 1, 0, 0, 0, 9]))).toMatchObject({ keyframe: false });
    // End of sequence, and a video info frame: no picture.
    expect(readVideoTag(Buffer.from([0x17, 2, 0, 0, 0]))).toMatchObject({ frame: false });
    expect(readVideoTag(Buffer.from([0x57, 0]))).toMatchObject({ frame: false });
  });

  it('reads Enhanced RTMP video (OBS 30 sends HEVC and AV1 this way)', () => {
    const hevcKey = Buffer.concat([Buffer.from([0x80 | 0x10 | 1]), Buffer.from('hvc1')]);
    expect(readVideoTag(hevcKey)).toEqual({ codec: 'hevc', keyframe: true, frame: true });
    const av1Start = Buffer.concat([Buffer.from([0x80 | 0x10 | 0]), Buffer.from('av01')]);
    expect(readVideoTag(av1Start)).toEqual({ codec: 'av1', keyframe: false, frame: false });
  });

  it('reads AAC’s sample rate and channels from its AudioSpecificConfig', () => {
    // AAC LC (2), 48 kHz (index 3), stereo: 00010 0011 0010 000
    expect(readAudioTag(Buffer.from([0xaf, 0, 0x11, 0x90]))).toEqual({
      codec: 'aac',
      frame: false,
      sampleRate: 48_000,
      channels: 2,
    });
    // 44.1 kHz mono: 00010 0100 0001 000
    expect(readAudioTag(Buffer.from([0xaf, 0, 0x12, 0x08]))).toMatchObject({
      sampleRate: 44_100,
      channels: 1,
    });
    expect(readAudioTag(Buffer.from([0xaf, 1, 0x21]))).toEqual({ codec: 'aac', frame: true });
  });

  it('names other sound formats with the rate and channels of their tag', () => {
    expect(readAudioTag(Buffer.from([0x2e, 0xff]))).toEqual({
      codec: 'mp3',
      sampleRate: 44_100,
      channels: 1,
      frame: true,
    });
    expect(readAudioTag(Buffer.concat([Buffer.from([0x91]), Buffer.from('Opus')]))).toEqual({
      codec: 'opus',
      frame: true,
    });
  });
});
