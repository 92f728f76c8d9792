import { describe, expect, it } from 'vitest';
import { SEEK_FLOOR_SECONDS, seekVideo } from './media-commands';

describe('seekVideo', () => {
  it('asks for the start of a video a moment after 0, which hls.js would never load live', () => {
    const video = document.createElement('video');
    seekVideo(video, 0);
    expect(video.currentTime).toBe(SEEK_FLOOR_SECONDS);
    seekVideo(video, 42.5);
    expect(video.currentTime).toBe(42.5);
  });
});
