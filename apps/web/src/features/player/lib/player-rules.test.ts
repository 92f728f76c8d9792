import type { Playback } from '@rudy/contracts';
import { describe, expect, it } from 'vitest';
import { commandForKey } from './keyboard';
import { isBehindLive } from './live-edge';
import {
  EXPIRY_MARGIN_MS,
  PREPARING_POLL_MS,
  REPLAY_POLL_MS,
  playbackRefetchDelay,
} from './playback-refresh';
import { prerollClock } from './preroll-clock';
import { AUTO_LEVEL, startLevelFor } from './quality';
import { MAX_RECOVERIES, nextRecovery } from './recovery';
import { formatClock } from '../../../lib/time-format';

const LEVELS = [
  { index: 0, height: 720, bitrate: 2_800_000 },
  { index: 1, height: 360, bitrate: 800_000 },
];

describe('error recovery', () => {
  it('reloads after network errors and rebuilds after media errors, a few times each', () => {
    let counts = { network: 0, media: 0 };
    for (let i = 0; i < MAX_RECOVERIES; i++) {
      const step = nextRecovery('network', counts);
      expect(step.action).toBe('reload');
      counts = step.counts;
    }
    expect(nextRecovery('network', counts).action).toBe('give-up');
    expect(nextRecovery('media', counts).action).toBe('recover-media');
    expect(nextRecovery('other', { network: 0, media: 0 }).action).toBe('give-up');
  });
});

describe('start level', () => {
  it('starts at the tallest rendition the size and bandwidth carry', () => {
    expect(startLevelFor(LEVELS, 1080, 10_000_000)).toBe(0);
    expect(startLevelFor(LEVELS, 400, 10_000_000)).toBe(1);
    expect(startLevelFor(LEVELS, 1080, 1_500_000)).toBe(1);
  });
  it('falls back to the smallest on a slow line, and to auto without levels', () => {
    expect(startLevelFor(LEVELS, 1080, 100_000)).toBe(1);
    expect(startLevelFor([], 1080, 100_000)).toBe(AUTO_LEVEL);
  });
});

describe('playback refresh', () => {
  const base = { stream: null, stream_state: 'unavailable' } as unknown as Playback;
  it('polls while preparing and refreshes a minute before the URLs expire', () => {
    expect(playbackRefetchDelay({ ...base, stream_state: 'preparing' }, 0)).toBe(PREPARING_POLL_MS);
    // A replay being packaged takes minutes: asked less often, still picked up by itself.
    const replay = { ...base, event_type: 'finished', stream_state: 'preparing' } as const;
    expect(playbackRefetchDelay(replay, 0)).toBe(REPLAY_POLL_MS);
    const now = Date.parse('2026-01-01T00:00:00Z');
    const ready = {
      ...base,
      stream_state: 'ready',
      stream: { expires_at: '2026-01-01T01:00:00Z' },
    } as unknown as Playback;
    expect(playbackRefetchDelay(ready, now)).toBe(3_600_000 - EXPIRY_MARGIN_MS);
    // A game's cookie of 5 minutes is renewed a minute before its end; one of 30 s, at 20 s.
    const cookieOf = (seconds: number) =>
      ({
        ...ready,
        stream: { expires_at: new Date(now + seconds * 1000).toISOString() },
      }) as unknown as Playback;
    expect(playbackRefetchDelay(cookieOf(300), now)).toBe(240_000);
    expect(playbackRefetchDelay(cookieOf(30), now)).toBe(20_000);
    expect(playbackRefetchDelay(base, now)).toBe(false);
    expect(playbackRefetchDelay(undefined, now)).toBe(false);
  });
});

describe('keyboard shortcuts', () => {
  it('maps the usual keys and leaves modified keys to the browser', () => {
    expect(commandForKey({ key: ' ' })).toEqual({ type: 'toggle-play' });
    expect(commandForKey({ key: 'k' })).toEqual({ type: 'toggle-play' });
    expect(commandForKey({ key: 'f' })).toEqual({ type: 'fullscreen' });
    expect(commandForKey({ key: 'm' })).toEqual({ type: 'mute' });
    expect(commandForKey({ key: 'ArrowLeft' })).toEqual({ type: 'seek', by: -5 });
    expect(commandForKey({ key: 'ArrowUp' })).toEqual({ type: 'volume', by: 0.1 });
    expect(commandForKey({ key: 'f', ctrlKey: true })).toBeNull();
    expect(commandForKey({ key: 'x' })).toBeNull();
  });
});

describe('small readings', () => {
  it('counts the ad down and allows Skip after the set seconds', () => {
    expect(prerollClock(0, 15, 5)).toEqual({
      remaining: 15,
      skipIn: 5,
      canSkip: false,
      offersSkip: true,
    });
    expect(prerollClock(5.2, 15, 5)).toMatchObject({ remaining: 10, skipIn: 0, canSkip: true });
  });
  it('offers Skip only where it saves time', () => {
    // Skip at 5 s of a 6 s ad would save one second: not offered; nor before the length is known.
    expect(prerollClock(0, 6, 5).offersSkip).toBe(false);
    expect(prerollClock(0, 8, 5).offersSkip).toBe(true);
    expect(prerollClock(0, Number.NaN, 5).offersSkip).toBe(false);
  });
  it('tells when the viewer is behind the live edge', () => {
    expect(isBehindLive(100, 105)).toBe(false);
    expect(isBehindLive(80, 105)).toBe(true);
    expect(isBehindLive(80, null)).toBe(false);
  });
  it('formats clock times', () => {
    expect(formatClock(75)).toBe('1:15');
    expect(formatClock(3725)).toBe('1:02:05');
    expect(formatClock(Number.NaN)).toBe('0:00');
  });
});
