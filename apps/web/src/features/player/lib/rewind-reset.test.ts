import { describe, expect, it, vi } from 'vitest';
import { fakeHls } from './fake-hls.test-support';
import {
  REWIND_FLUSH_WAIT_MS,
  resetOnRewind,
  rewindTarget,
  trackSourceBuffers,
} from './rewind-reset';

function timeRanges(ranges: [number, number][]): TimeRanges {
  return {
    length: ranges.length,
    start: (i: number) => ranges[i]?.[0] ?? 0,
    end: (i: number) => ranges[i]?.[1] ?? 0,
  };
}

/** A jsdom video playing at `at` with `buffered` held; a seek fires `seeking`, as a browser does. */
function liveVideo(at: number, buffered: [number, number][]) {
  const video = document.createElement('video');
  let time = at;
  Object.defineProperty(video, 'currentTime', {
    configurable: true,
    get: () => time,
    set: (next: number) => {
      time = next;
      video.dispatchEvent(new Event('seeking'));
    },
  });
  Object.defineProperty(video, 'buffered', { get: () => timeRanges(buffered) });
  return video;
}

/** hls.js on a live playlist whose first segment starts at 0.13 s (1 s segments). */
function liveHls() {
  const { Hls, instances } = fakeHls();
  new Hls({});
  const hls = instances[0]!;
  Object.assign(hls, {
    latestLevelDetails: { live: true, fragmentStart: 0.13, targetduration: 1 },
  });
  const audio = { abort: vi.fn() };
  const video = { abort: vi.fn() };
  trackSourceBuffers(hls as never, Hls.Events);
  hls.fire('bufferCreated', { tracks: { audio: { buffer: audio }, video: { buffer: video } } });
  return { hls, buffers: [audio, video] };
}

describe('rewindTarget', () => {
  it('keeps a live start one target duration past the first segment; VOD as asked', () => {
    const details = { live: true, fragmentStart: 0.13, targetduration: 1 };
    expect(rewindTarget(0.1, details)).toBeCloseTo(1.13);
    expect(rewindTarget(12, details)).toBe(12);
    expect(rewindTarget(0.1, { ...details, live: false })).toBe(0.1);
    expect(rewindTarget(0.1, null)).toBe(0.1);
  });
});

const EVENTS = {
  BUFFER_CREATED: 'bufferCreated',
  BUFFER_FLUSHING: 'bufferFlushing',
  BUFFER_FLUSHED: 'bufferFlushed',
} as never;

/** hls.js's answer to the rewind's flush, per SourceBuffer ("to the end"). */
function flushed(hls: ReturnType<typeof liveHls>['hls'], type: string, end = Infinity) {
  hls.fire('bufferFlushed', { type, start: 0, end });
}

describe('resetOnRewind', () => {
  it('loads over at a rewind to where nothing is buffered, once every SourceBuffer is emptied and reset', () => {
    const video = liveVideo(40, [[36, 42]]);
    const { hls, buffers } = liveHls();
    resetOnRewind(video, hls as never, EVENTS);
    // The seek bar's start: before the playlist's first segment, which hls.js takes for the edge.
    video.currentTime = 0.1;
    expect(hls.stopLoad).toHaveBeenCalledTimes(1);
    expect(hls.trigger).toHaveBeenCalledWith('bufferFlushing', {
      startOffset: 0,
      endOffset: Infinity,
      type: null,
    });
    expect(hls.trigger.mock.invocationCallOrder[0]).toBeGreaterThan(
      hls.stopLoad.mock.invocationCallOrder[0]!,
    );
    // The element goes where loading will start (its own seek there is no second rewind).
    expect(video.currentTime).toBeCloseTo(1.13);

    // Nothing is reset, nothing loaded, until hls.js has emptied both (not its own evictions).
    flushed(hls, 'audio');
    flushed(hls, 'video', 30);
    expect(hls.startLoad).not.toHaveBeenCalled();
    for (const buffer of buffers) expect(buffer.abort).not.toHaveBeenCalled();
    flushed(hls, 'video');
    for (const buffer of buffers) expect(buffer.abort).toHaveBeenCalledTimes(1);
    expect(hls.startLoad).toHaveBeenCalledTimes(1);
    expect(hls.startLoad.mock.calls[0]?.[0]).toBeCloseTo(1.13);
    expect(hls.startLoad.mock.invocationCallOrder[0]).toBeGreaterThan(
      buffers[1]!.abort.mock.invocationCallOrder[0]!,
    );
    // Later flushes are not this rewind's.
    flushed(hls, 'audio');
    flushed(hls, 'video');
    expect(hls.startLoad).toHaveBeenCalledTimes(1);
    expect(hls.stopLoad).toHaveBeenCalledTimes(1);
  });

  it('leaves a seek forward, a rewind within the buffer and a small step back to hls.js', () => {
    const video = liveVideo(40, [[36, 42]]);
    const { hls, buffers } = liveHls();
    resetOnRewind(video, hls as never, EVENTS);
    video.currentTime = 41.5; // forward (the live edge, hls.js's own start)
    video.currentTime = 37; // back, but buffered
    video.dispatchEvent(new Event('timeupdate'));
    video.currentTime = 36.7; // back by less than the threshold
    expect(hls.stopLoad).not.toHaveBeenCalled();
    expect(hls.trigger).not.toHaveBeenCalled();
    expect(hls.startLoad).not.toHaveBeenCalled();
    for (const buffer of buffers) expect(buffer.abort).not.toHaveBeenCalled();
  });

  it('still loads at the target when a SourceBuffer fails its flush or refuses its reset', () => {
    const video = liveVideo(40, [[36, 42]]);
    const { hls, buffers } = liveHls();
    buffers[0]!.abort.mockImplementation(() => {
      throw new DOMException('closed', 'InvalidStateError');
    });
    resetOnRewind(video, hls as never, EVENTS);
    video.currentTime = 20;
    hls.fire('bufferFlushed', { type: 'audio', start: 0, end: 0, error: new Error('ending') });
    flushed(hls, 'video');
    expect(buffers[1]!.abort).toHaveBeenCalledTimes(1);
    expect(hls.startLoad).toHaveBeenCalledWith(20);
  });

  it('loads at the newest target when the viewer rewinds again during the flush', () => {
    const video = liveVideo(40, [[36, 42]]);
    const { hls } = liveHls();
    resetOnRewind(video, hls as never, EVENTS);
    video.currentTime = 20;
    video.currentTime = 10;
    // One flush for both: a second would queue behind the first and its events be taken for it.
    expect(hls.trigger).toHaveBeenCalledTimes(1);
    expect(hls.stopLoad).toHaveBeenCalledTimes(1);
    flushed(hls, 'audio');
    flushed(hls, 'video');
    expect(hls.startLoad).toHaveBeenCalledTimes(1);
    expect(hls.startLoad).toHaveBeenCalledWith(10);
  });

  it('loads at the target after a while when hls.js never answers its flush', () => {
    vi.useFakeTimers();
    try {
      const video = liveVideo(40, [[36, 42]]);
      const { hls, buffers } = liveHls();
      resetOnRewind(video, hls as never, EVENTS);
      video.currentTime = 20;
      vi.advanceTimersByTime(REWIND_FLUSH_WAIT_MS - 1);
      expect(hls.startLoad).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      for (const buffer of buffers) expect(buffer.abort).toHaveBeenCalledTimes(1);
      expect(hls.startLoad).toHaveBeenCalledWith(20);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops watching once cleaned up, a flush under way included', () => {
    const video = liveVideo(40, [[36, 42]]);
    const { hls } = liveHls();
    const cleanup = resetOnRewind(video, hls as never, EVENTS);
    video.currentTime = 20;
    cleanup();
    flushed(hls, 'audio');
    flushed(hls, 'video');
    expect(hls.startLoad).not.toHaveBeenCalled();
    video.currentTime = 5;
    expect(hls.stopLoad).toHaveBeenCalledTimes(1);
  });
});
