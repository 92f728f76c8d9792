import { describe, expect, it } from 'vitest';
import { videoStateOf, type VideoFacts } from './video-state.js';

const none: VideoFacts = {
  is_live: false,
  vod_status: null,
  has_recording: false,
  upload_status: null,
};

describe('videoStateOf', () => {
  it('says none for a game without media or upload', () => {
    expect(videoStateOf(none)).toBe('none');
  });

  it('says live while the encoder serves the game, whatever else exists', () => {
    expect(videoStateOf({ ...none, is_live: true, vod_status: 'error' })).toBe('live');
  });

  it('follows the VOD row first, then the newest upload', () => {
    expect(videoStateOf({ ...none, vod_status: 'ready', upload_status: 'error' })).toBe('ready');
    expect(videoStateOf({ ...none, vod_status: 'pending' })).toBe('processing');
    expect(videoStateOf({ ...none, upload_status: 'uploading' })).toBe('processing');
    expect(videoStateOf({ ...none, vod_status: 'error' })).toBe('failed');
    expect(videoStateOf({ ...none, upload_status: 'error' })).toBe('failed');
  });

  it('counts an ended recording as ready when no VOD exists', () => {
    expect(videoStateOf({ ...none, has_recording: true, upload_status: 'error' })).toBe('ready');
  });
});
