import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeHls } from '../lib/fake-hls.test-support';
import { useStreamSession } from './use-stream-session';

/** A jsdom video at `at` whose readyState is `readyState`; its position can be set freely. */
function videoAt(at: number, readyState: number) {
  const video = document.createElement('video');
  let time = at;
  Object.defineProperty(video, 'currentTime', {
    configurable: true,
    get: () => time,
    set: (next: number) => {
      time = next;
    },
  });
  Object.defineProperty(video, 'readyState', { configurable: true, get: () => readyState });
  return video;
}

describe('useStreamSession', () => {
  it("leaves a rewind alone on an element that kept its source (the splash's video)", async () => {
    const { Hls, instances } = fakeHls();
    // Adopted while playing at the live edge: its metadata is known, its source its own.
    const video = videoAt(42, HTMLMediaElement.HAVE_ENOUGH_DATA);
    renderHook(() =>
      useStreamSession(video, '/media/live/master.m3u8', () => Promise.resolve(Hls)),
    );
    await waitFor(() => expect(instances[0]?.attachMedia).toHaveBeenCalled());
    await Promise.resolve();
    // The viewer rewinds into the DVR; the element loads metadata again (WebKit, a reset).
    video.currentTime = 1.13;
    video.dispatchEvent(new Event('loadedmetadata'));
    expect(video.currentTime).toBe(1.13);
  });

  it('goes on where the viewer was once an element that lost its source has loaded', async () => {
    const { Hls, instances } = fakeHls();
    const video = videoAt(21, HTMLMediaElement.HAVE_NOTHING);
    renderHook(() => useStreamSession(video, '/media/vod/master.m3u8', () => Promise.resolve(Hls)));
    await waitFor(() => expect(instances[0]?.attachMedia).toHaveBeenCalled());
    await Promise.resolve();
    video.currentTime = 0;
    video.dispatchEvent(new Event('loadedmetadata'));
    expect(video.currentTime).toBe(21);
  });
});
