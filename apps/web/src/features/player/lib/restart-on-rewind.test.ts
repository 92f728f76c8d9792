import { describe, expect, it, vi } from 'vitest';
import { takeViewerPause } from './media-commands';
import { isBuffered, restartOnRewind, type RewindHls } from './restart-on-rewind';

/** TimeRanges from [start, end] pairs. */
function ranges(...pairs: [number, number][]): TimeRanges {
  return {
    length: pairs.length,
    start: (i: number) => pairs[i]![0],
    end: (i: number) => pairs[i]![1],
  };
}

/** A live video playing at 100 s with 90-102 buffered, and an hls.js that records its calls. */
function fixture({ playing = true } = {}) {
  const video = document.createElement('video');
  let time = 100;
  let paused = !playing;
  let seeking = false;
  let buffered = ranges([90, 102]);
  Object.defineProperty(video, 'currentTime', { get: () => time });
  Object.defineProperty(video, 'paused', { get: () => paused });
  Object.defineProperty(video, 'seeking', { get: () => seeking });
  Object.defineProperty(video, 'buffered', { get: () => buffered });
  const pause = vi.fn(() => {
    paused = true;
    video.dispatchEvent(new Event('pause'));
  });
  const play = vi.fn(() => {
    paused = false;
    return Promise.resolve();
  });
  video.pause = pause;
  video.play = play;
  const calls: string[] = [];
  const hls: RewindHls = {
    stopLoad: vi.fn(() => calls.push('stopLoad')),
    detachMedia: vi.fn(() => calls.push('detachMedia')),
    attachMedia: vi.fn((media) => calls.push(`attachMedia ${media === video}`)),
    startLoad: vi.fn((at?: number) => calls.push(`startLoad ${at}`)),
  };
  const stop = restartOnRewind(video, hls);
  const playTo = (at: number) => {
    time = at;
    video.dispatchEvent(new Event('timeupdate'));
  };
  /** A seek as WebKit tells it: a timeupdate at the target comes before the `seeking` event. */
  const seek = (to: number) => {
    time = to;
    seeking = true;
    video.dispatchEvent(new Event('timeupdate'));
    video.dispatchEvent(new Event('seeking'));
  };
  const setBuffered = (next: TimeRanges) => {
    buffered = next;
  };
  return { video, hls, calls, stop, pause, play, playTo, seek, setBuffered };
}

describe('restartOnRewind', () => {
  it('starts the media over at a rewind to a moment nothing is buffered at, and plays on', () => {
    const f = fixture();
    f.playTo(100.5);
    f.seek(0.1); // the seek bar's start: the DVR window's
    expect(f.calls).toEqual(['stopLoad', 'detachMedia', 'attachMedia true', 'startLoad 0.1']);
    // The swap's pause is the player's: the browser-pause fallback (mute) leaves it alone.
    expect(f.pause).toHaveBeenCalledOnce();
    expect(takeViewerPause(f.video)).toBe(true);
    expect(f.play).toHaveBeenCalledOnce();
  });

  it('leaves a paused video paused', () => {
    const f = fixture({ playing: false });
    f.seek(30);
    expect(f.calls).toEqual(['stopLoad', 'detachMedia', 'attachMedia true', 'startLoad 30']);
    expect(f.play).not.toHaveBeenCalled();
  });

  it('leaves to hls.js a rewind into what is buffered, and any seek forwards', () => {
    const f = fixture();
    f.seek(95); // back, buffered
    f.playTo(96);
    f.seek(150); // forwards, not buffered (hls.js loads it into the same buffer)
    f.playTo(151);
    f.seek(150.8); // a little back: not a rewind
    expect(f.calls).toEqual([]);
    expect(f.pause).not.toHaveBeenCalled();
  });

  it('counts a rewind from where the viewer was, and once per seek', () => {
    const f = fixture();
    f.setBuffered(ranges([140, 160]));
    f.seek(150); // forwards into the buffer
    f.playTo(151);
    f.seek(20);
    f.video.dispatchEvent(new Event('seeking')); // a second event for the same seek
    expect(f.calls.filter((c) => c === 'detachMedia')).toHaveLength(1);
  });

  it('stops watching on cleanup', () => {
    const f = fixture();
    f.stop();
    f.seek(0.1);
    expect(f.calls).toEqual([]);
  });
});

describe('isBuffered', () => {
  it('is true inside a range, give or take a frame, and false in a hole', () => {
    const r = ranges([0, 10], [20, 30]);
    expect(isBuffered(r, 5)).toBe(true);
    expect(isBuffered(r, 10.04)).toBe(true);
    expect(isBuffered(r, 15)).toBe(false);
    expect(isBuffered(ranges(), 0)).toBe(false);
  });
});
