import { describe, expect, it } from 'vitest';
import type { LiveStreamMeasure } from '@rudy/contracts';
import { streamAdvice } from './stream-advice.js';

/** OBS at its recommended settings for the live ladder (720p at 3 000 kb/s, keyframes 2 s). */
const good: LiveStreamMeasure = {
  window_s: 10,
  video: {
    codec: 'h264',
    width: 1280,
    height: 720,
    frame_rate: 30,
    keyframe_interval_s: 2,
    bitrate_kbps: 3_000,
  },
  audio: { codec: 'aac', sample_rate: 48_000, channels: 2, bitrate_kbps: 160 },
  claimed: null,
  dropped_frames: 0,
  late_frames: 0,
};
const codes = (m: LiveStreamMeasure) => streamAdvice(m).map((a) => a.code);

describe('streamAdvice', () => {
  it('says nothing of an input that fits the ladder', () => {
    expect(streamAdvice(good)).toEqual([]);
  });

  it('keyframes far apart: OBS’s keyframe interval at 2 s', () => {
    const m = { ...good, video: { ...good.video!, keyframe_interval_s: 8.33 } };
    expect(streamAdvice(m)).toEqual([
      {
        code: 'keyframes_far_apart',
        measured: 8.33,
        codec: null,
        obs: { setting: 'keyframe_interval', value: '2' },
      },
    ]);
  });

  it('a picture or bitrate below the top rendition, with the settings that fit it', () => {
    const m = { ...good, video: { ...good.video!, height: 480, width: 854, bitrate_kbps: 1_200 } };
    expect(streamAdvice(m)).toEqual([
      {
        code: 'resolution_low',
        measured: 480,
        codec: null,
        obs: { setting: 'output_resolution', value: '1280x720' },
      },
      {
        code: 'bitrate_low',
        measured: 1_200,
        codec: null,
        obs: { setting: 'bitrate', value: '3000' },
      },
    ]);
  });

  it('figures of the first seconds (bitrate, frame rate, audio) wait for the stream to settle', () => {
    const m = {
      ...good,
      window_s: 1,
      audio: null,
      video: { ...good.video!, bitrate_kbps: 100, frame_rate: 5 },
    };
    expect(codes(m)).toEqual([]);
    expect(codes({ ...m, window_s: 6 })).toEqual(['bitrate_low', 'frame_rate_low', 'no_audio']);
  });

  it('codecs other than H.264 and AAC, frames dropped or late', () => {
    const m: LiveStreamMeasure = {
      ...good,
      video: { ...good.video!, codec: 'hevc' },
      audio: { ...good.audio!, codec: 'opus' },
      dropped_frames: 12,
      late_frames: 3,
    };
    expect(codes(m)).toEqual(['video_codec', 'audio_codec', 'frames_dropped', 'frames_late']);
  });

  it('nothing before any video arrived', () => {
    expect(streamAdvice({ ...good, video: null, audio: null })).toEqual([]);
  });
});
