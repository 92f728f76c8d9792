import { renderHook } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pauseVideo } from '../lib/media-commands';
import { ECHO_PAUSE_S, MAX_ECHO_REPLAYS, useBrowserPauseFallback } from './use-browser-pause';

/** A jsdom video that plays with sound: pause() fires `pause` as a browser does. */
function playingVideo() {
  const video = document.createElement('video');
  let paused = false;
  Object.defineProperty(video, 'paused', { get: () => paused, configurable: true });
  const play = vi.spyOn(video, 'play').mockImplementation(() => {
    paused = false;
    return Promise.resolve();
  });
  vi.spyOn(video, 'pause').mockImplementation(() => {
    paused = true;
    video.dispatchEvent(new Event('pause'));
  });
  /** The browser pausing it by itself (WebKit, issue 31). */
  const browserPause = () => {
    paused = true;
    video.dispatchEvent(new Event('pause'));
  };
  return { video, play, browserPause };
}

afterEach(() => vi.restoreAllMocks());

/**
 * A player whose media state re-renders it within a pause's dispatch (flushSync, as a browser's
 * dispatch runs microtasks between listeners), with the fallback's callback made anew at each
 * render, as the pre-roll's and the player's are.
 */
function useReRenderingPlayer(video: HTMLVideoElement, onMuted: () => void) {
  const [, setPauses] = useState(0);
  useEffect(() => {
    const onPause = () => {
      flushSync(() => {
        setPauses((n) => n + 1);
      });
    };
    video.addEventListener('pause', onPause);
    return () => video.removeEventListener('pause', onPause);
  }, [video]);
  useBrowserPauseFallback(video, true, () => {
    onMuted();
  });
}

describe('a pause the viewer did not ask for', () => {
  it('goes on muted and asks for the unmute prompt', async () => {
    const { video, play, browserPause } = playingVideo();
    const onMuted = vi.fn();
    renderHook(() => useBrowserPauseFallback(video, true, onMuted));
    browserPause();
    expect(video.muted).toBe(true);
    expect(play).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(onMuted).toHaveBeenCalledTimes(1));
    expect(video.paused).toBe(false);
  });

  it("leaves the viewer's own pause alone", async () => {
    const { video, play } = playingVideo();
    const onMuted = vi.fn();
    renderHook(() => useBrowserPauseFallback(video, true, onMuted));
    pauseVideo(video);
    await Promise.resolve();
    expect(video.paused).toBe(true);
    expect(video.muted).toBe(false);
    expect(play).not.toHaveBeenCalled();
    expect(onMuted).not.toHaveBeenCalled();
  });

  it('marks a pause the viewer asked for only once: a later browser pause is still caught', () => {
    const { video, play, browserPause } = playingVideo();
    renderHook(() => useBrowserPauseFallback(video, true, vi.fn()));
    pauseVideo(video);
    pauseVideo(video); // already paused: no pause event comes, no mark is left behind
    void video.play();
    play.mockClear();
    browserPause();
    expect(video.muted).toBe(true);
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('does nothing before the game has started, or to a muted game', () => {
    const { video, play, browserPause } = playingVideo();
    const { rerender } = renderHook(
      ({ active }) => useBrowserPauseFallback(video, active, vi.fn()),
      {
        initialProps: { active: false },
      },
    );
    browserPause();
    expect(play).not.toHaveBeenCalled();
    rerender({ active: true });
    video.muted = true;
    void video.play();
    play.mockClear();
    browserPause();
    expect(play).not.toHaveBeenCalled();
  });

  it('is caught when the pause re-renders the player within its own dispatch', async () => {
    // WebKitGTK unmutes the video by itself at `seeked`, then pauses it. The player's media state
    // listens first, and React renders and runs the effects of a pause's update before the event
    // reaches the next listener (a browser's dispatch runs microtasks between listeners;
    // flushSync does it here): a listener re-added by that render never got the pause.
    const { video, play, browserPause } = playingVideo();
    const onMuted = vi.fn();
    renderHook(() => useReRenderingPlayer(video, onMuted));
    browserPause();
    expect(video.muted).toBe(true);
    expect(play).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(onMuted).toHaveBeenCalledTimes(1));
  });

  it("leaves the viewer's own pause alone when it re-renders the player", async () => {
    const { video, play, browserPause } = playingVideo();
    const onMuted = vi.fn();
    renderHook(() => useReRenderingPlayer(video, onMuted));
    pauseVideo(video);
    await Promise.resolve();
    expect(video.paused).toBe(true);
    expect(video.muted).toBe(false);
    expect(play).not.toHaveBeenCalled();
    expect(onMuted).not.toHaveBeenCalled();
    // Its mark was answered: the browser's pause after the viewer plays again is caught.
    void video.play();
    play.mockClear();
    browserPause();
    expect(video.muted).toBe(true);
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('plays on muted when the first play() is cut short by a seek', async () => {
    const { video, play, browserPause } = playingVideo();
    const onMuted = vi.fn();
    renderHook(() => useBrowserPauseFallback(video, true, onMuted));
    play.mockImplementationOnce(() => Promise.reject(new DOMException('seek', 'AbortError')));
    browserPause();
    await vi.waitFor(() => expect(play).toHaveBeenCalledTimes(1));
    video.dispatchEvent(new Event('seeked'));
    await vi.waitFor(() => expect(onMuted).toHaveBeenCalledTimes(1));
    expect(play).toHaveBeenCalledTimes(2);
    expect(video.muted).toBe(true);
    expect(video.paused).toBe(false);
  });
});

describe("the browser's pause of a muted video it has just started (WebKitGTK's echo)", () => {
  /** The video starts playing muted at `at` (its `playing` event, as a browser sends it). */
  function startsPlaying(video: HTMLVideoElement, at: number) {
    video.currentTime = at;
    video.dispatchEvent(new Event('playing'));
  }

  it('plays it again when it comes before the clock moved on, whether or not the game has started', async () => {
    const { video, play, browserPause } = playingVideo();
    video.muted = true;
    renderHook(() => useBrowserPauseFallback(video, false, vi.fn()));
    startsPlaying(video, 12);
    browserPause();
    await vi.waitFor(() => expect(play).toHaveBeenCalledTimes(1));
    expect(video.muted).toBe(true);
    expect(video.paused).toBe(false);
  });

  it("plays on after the fallback's own muted start is paused again", async () => {
    const { video, play, browserPause } = playingVideo();
    const onMuted = vi.fn();
    renderHook(() => useBrowserPauseFallback(video, true, onMuted));
    browserPause(); // WebKit unmuted it by itself, then paused it: the fallback plays on muted
    await vi.waitFor(() => expect(onMuted).toHaveBeenCalledTimes(1));
    startsPlaying(video, 20);
    browserPause(); // the echo, at the same position
    await vi.waitFor(() => expect(play).toHaveBeenCalledTimes(2));
    expect(video.paused).toBe(false);
    expect(onMuted).toHaveBeenCalledTimes(1);
  });

  it('is answered a few times in a row at most', async () => {
    const { video, play, browserPause } = playingVideo();
    video.muted = true;
    renderHook(() => useBrowserPauseFallback(video, true, vi.fn()));
    for (let i = 0; i <= MAX_ECHO_REPLAYS; i++) {
      startsPlaying(video, 30);
      browserPause();
    }
    await vi.waitFor(() => expect(play).toHaveBeenCalledTimes(MAX_ECHO_REPLAYS));
    expect(video.paused).toBe(true);
  });

  it('leaves alone a muted video paused once it played on', () => {
    const { video, play, browserPause } = playingVideo();
    video.muted = true;
    renderHook(() => useBrowserPauseFallback(video, true, vi.fn()));
    startsPlaying(video, 40);
    video.currentTime = 40 + ECHO_PAUSE_S;
    video.dispatchEvent(new Event('timeupdate'));
    browserPause();
    expect(play).not.toHaveBeenCalled();
  });

  it("leaves the viewer's own pause alone", () => {
    const { video, play } = playingVideo();
    video.muted = true;
    renderHook(() => useBrowserPauseFallback(video, true, vi.fn()));
    startsPlaying(video, 50);
    pauseVideo(video);
    expect(play).not.toHaveBeenCalled();
  });
});
