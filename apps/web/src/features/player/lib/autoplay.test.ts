import { describe, expect, it, vi } from 'vitest';
import { playWithFallback, showsUnmuteHint } from './autoplay';

/** A video element whose play() answers from a script of outcomes, one per call. */
function fakeVideo(outcomes: (string | null)[]) {
  const target = new EventTarget();
  const video = {
    muted: false,
    calls: [] as boolean[],
    play: vi.fn(() => {
      video.calls.push(video.muted);
      const outcome = outcomes.shift() ?? null;
      if (outcome === null) return Promise.resolve();
      // The interruption is followed by the element being ready again.
      if (outcome === 'AbortError') setTimeout(() => target.dispatchEvent(new Event('canplay')), 0);
      return Promise.reject(new DOMException('refused', outcome));
    }),
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
  };
  return video;
}

describe('playWithFallback', () => {
  it('plays with sound when allowed', async () => {
    const video = fakeVideo([null]);
    expect(await playWithFallback(video)).toBe('playing');
  });

  it('falls back to muted when sound is refused', async () => {
    const video = fakeVideo(['NotAllowedError', null]);
    expect(await playWithFallback(video)).toBe('muted');
    expect(video.calls).toEqual([false, true]);
  });

  it('retries a play() interrupted by a seek instead of giving up', async () => {
    const video = fakeVideo(['NotAllowedError', 'AbortError', null]);
    expect(await playWithFallback(video)).toBe('muted');
    expect(video.calls).toEqual([false, true, true]);
  });

  it('waits for the play button when even muted play is refused', async () => {
    const video = fakeVideo(['NotAllowedError', 'NotAllowedError']);
    expect(await playWithFallback(video)).toBe('blocked');
  });

  it('stops retrying after a few interruptions', async () => {
    const video = fakeVideo(['AbortError', 'AbortError', 'AbortError', 'AbortError', null]);
    expect(await playWithFallback(video)).toBe('blocked');
    expect(video.play).toHaveBeenCalledTimes(4);
  });
});

describe('the unmute hint', () => {
  it('shows only while a game the browser started silent plays silent', () => {
    expect(showsUnmuteHint({ autoplay: 'muted', muted: true, paused: false })).toBe(true);
    // Sound turned back on, paused, or started with sound: nothing to say.
    expect(showsUnmuteHint({ autoplay: 'muted', muted: false, paused: false })).toBe(false);
    expect(showsUnmuteHint({ autoplay: 'muted', muted: true, paused: true })).toBe(false);
    expect(showsUnmuteHint({ autoplay: 'playing', muted: true, paused: false })).toBe(false);
    expect(showsUnmuteHint({ autoplay: null, muted: true, paused: false })).toBe(false);
  });
});
