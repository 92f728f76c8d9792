import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  bufferedAhead,
  nudgeStalls,
  STALL_CHECK_MS,
  STALL_NUDGE_MS,
  STALL_NUDGE_S,
} from './stall-watchdog';

function ranges(...spans: [number, number][]): TimeRanges {
  return {
    length: spans.length,
    start: (i: number) => spans[i]![0],
    end: (i: number) => spans[i]![1],
  };
}

/** A jsdom video whose state the test sets: its clock moves only when the test moves it. */
function videoAt(time: number, state: { paused?: boolean; buffered?: TimeRanges } = {}) {
  const video = document.createElement('video');
  let currentTime = time;
  const seeks: number[] = [];
  Object.defineProperty(video, 'currentTime', {
    get: () => currentTime,
    set: (t: number) => {
      currentTime = t;
      seeks.push(t);
    },
  });
  Object.defineProperty(video, 'paused', { get: () => state.paused ?? false });
  Object.defineProperty(video, 'buffered', {
    get: () => state.buffered ?? ranges([0, time + 30]),
  });
  const tick = (t: number) => {
    currentTime = t;
  };
  return { video, seeks, tick };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('bufferedAhead', () => {
  it('is what the range holding the position has left, else 0', () => {
    expect(bufferedAhead(ranges([0, 5], [10, 20]), 12)).toBe(8);
    expect(bufferedAhead(ranges([0, 5], [10, 20]), 7)).toBe(0);
    expect(bufferedAhead(ranges(), 7)).toBe(0);
  });
});

describe('nudgeStalls', () => {
  it('seeks a little ahead when the clock stands with media buffered', () => {
    const { video, seeks } = videoAt(1.04);
    const stop = nudgeStalls(video);
    vi.advanceTimersByTime(STALL_NUDGE_MS - STALL_CHECK_MS);
    expect(seeks).toEqual([]);
    vi.advanceTimersByTime(STALL_CHECK_MS);
    expect(seeks).toEqual([1.04 + STALL_NUDGE_S]);
    stop();
  });

  it('leaves a clock that moves alone', () => {
    const { video, seeks, tick } = videoAt(5);
    const stop = nudgeStalls(video);
    for (let i = 1; i <= 10; i++) {
      tick(5 + i);
      vi.advanceTimersByTime(STALL_CHECK_MS);
    }
    expect(seeks).toEqual([]);
    stop();
  });

  it('leaves a paused video, and one waiting for media, alone', () => {
    const paused = videoAt(5, { paused: true });
    const waiting = videoAt(5, { buffered: ranges([0, 5.2]) });
    const stops = [nudgeStalls(paused.video), nudgeStalls(waiting.video)];
    vi.advanceTimersByTime(STALL_NUDGE_MS * 3);
    expect(paused.seeks).toEqual([]);
    expect(waiting.seeks).toEqual([]);
    for (const stop of stops) stop();
  });

  it('stops looking once cleaned up', () => {
    const { video, seeks } = videoAt(1);
    nudgeStalls(video)();
    vi.advanceTimersByTime(STALL_NUDGE_MS * 3);
    expect(seeks).toEqual([]);
  });
});
