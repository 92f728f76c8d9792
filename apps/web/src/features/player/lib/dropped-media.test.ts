import { afterEach, describe, expect, it, vi } from 'vitest';
import { DROPPED_RECOVERY_GAP_MS, watchDroppedMedia, type RecoverableHls } from './dropped-media';
import { takeViewerPause } from './media-commands';

type Handler = (event: string, data: unknown) => void;

/** A video whose buffered ranges the test sets, playing; hls.js as far as the watcher uses it. */
function fixture(ranges: [number, number][]) {
  const video = document.createElement('video');
  let buffered = ranges;
  let paused = false;
  Object.defineProperty(video, 'buffered', {
    get: () => ({
      length: buffered.length,
      start: (i: number) => buffered[i]?.[0] ?? 0,
      end: (i: number) => buffered[i]?.[1] ?? 0,
    }),
  });
  Object.defineProperty(video, 'paused', { get: () => paused });
  const play = vi.spyOn(video, 'play').mockImplementation(() => {
    paused = false;
    return Promise.resolve();
  });
  vi.spyOn(video, 'pause').mockImplementation(() => {
    paused = true;
  });
  const handlers: Handler[] = [];
  const hls = {
    on: vi.fn((_event: string, handler: Handler) => handlers.push(handler)),
    off: vi.fn(),
    recoverMediaError: vi.fn(),
  };
  let clock = 1_000_000;
  const stop = watchDroppedMedia(
    video,
    hls as unknown as RecoverableHls,
    'hlsFragBuffered' as never,
    () => clock,
  );
  /** hls.js says it buffered the main fragment [start, start + duration). */
  const buffer = (start: number, duration = 1, extra: object = {}) => {
    for (const h of handlers) {
      h('hlsFragBuffered', { frag: { type: 'main', start, duration, ...extra }, part: null });
    }
  };
  return {
    video,
    hls,
    play,
    buffer,
    stop,
    setBuffered: (next: [number, number][]) => (buffered = next),
    wait: (ms: number) => (clock += ms),
  };
}

afterEach(() => vi.restoreAllMocks());

describe('watchDroppedMedia', () => {
  it('leaves a stream alone whose fragments the element holds', () => {
    const f = fixture([[12, 20]]);
    f.buffer(19);
    f.buffer(12.5);
    expect(f.hls.recoverMediaError).not.toHaveBeenCalled();
  });

  it('attaches the media again when a fragment appended before the first one was dropped (WebKitGTK)', () => {
    // Joined at 12 s, rewound to the DVR start: hls.js buffered [0, 1) but the element holds only 12-20.
    const f = fixture([[12, 20]]);
    f.buffer(0.005, 1.04);
    expect(f.hls.recoverMediaError).toHaveBeenCalledTimes(1);
    // Paused by the player, not the browser (no muted fallback), and resumed.
    expect(takeViewerPause(f.video)).toBe(true);
    expect(f.play).toHaveBeenCalledTimes(1);
  });

  it('does not resume a game the viewer had paused', () => {
    const f = fixture([[12, 20]]);
    f.video.pause();
    f.buffer(3);
    expect(f.hls.recoverMediaError).toHaveBeenCalledTimes(1);
    expect(f.play).not.toHaveBeenCalled();
  });

  it('recovers at most once in a while, and ignores other fragments', () => {
    const f = fixture([[12, 20]]);
    f.buffer(0, 1, { type: 'audio' });
    f.buffer(0, 1, { gap: true });
    expect(f.hls.recoverMediaError).not.toHaveBeenCalled();
    f.buffer(0);
    f.buffer(1);
    expect(f.hls.recoverMediaError).toHaveBeenCalledTimes(1);
    f.wait(DROPPED_RECOVERY_GAP_MS);
    f.buffer(2);
    expect(f.hls.recoverMediaError).toHaveBeenCalledTimes(2);
  });

  it('leaves the start alone, before the element holds anything', () => {
    const f = fixture([]);
    f.buffer(40);
    expect(f.hls.recoverMediaError).not.toHaveBeenCalled();
  });

  it('stops listening when the stream goes', () => {
    const f = fixture([]);
    f.stop();
    expect(f.hls.off).toHaveBeenCalledWith('hlsFragBuffered', f.hls.on.mock.calls[0]?.[1]);
  });
});
