import { describe, expect, it } from 'vitest';
import { checkClipRange, defaultClipRange } from './clip-range';

const vod = { start: 0, end: 600, isLive: false };

describe('clip range', () => {
  it('starts on the seconds just played, or from the playhead near the start', () => {
    expect(defaultClipRange({ ...vod, currentTime: 95.04 }, 60)).toEqual({ start: 75, end: 95 });
    expect(defaultClipRange({ ...vod, currentTime: 3 }, 60)).toEqual({ start: 3, end: 23 });
    // A channel allowing less; a short recording.
    expect(defaultClipRange({ ...vod, currentTime: 95 }, 10)).toEqual({ start: 85, end: 95 });
    expect(defaultClipRange({ start: 0, end: 12, currentTime: 0, isLive: false }, 60)).toEqual({
      start: 0,
      end: 12,
    });
    // Never past the end of what is recorded, whatever the rounding.
    const short = { start: 0, end: 12.06, currentTime: 12.06, isLive: false };
    const range = defaultClipRange(short, 60);
    expect(range).toEqual({ start: 0, end: 12 });
    expect(checkClipRange(range, short, 60)).toBeNull();
  });

  it("says the spec's duration text for an end at or before the start, or past the recording", () => {
    expect(checkClipRange({ start: 10, end: 10 }, vod, 60)).toBe('clipDuration');
    expect(checkClipRange({ start: 10, end: 5 }, vod, 60)).toBe('clipDuration');
    expect(checkClipRange({ start: 590, end: 601 }, vod, 60)).toBe('clipDuration');
    expect(checkClipRange(null, vod, 60)).toBe('clipDuration');
    expect(checkClipRange({ start: 10, end: 10.5 }, vod, 60)).toBe('tooShort');
    expect(checkClipRange({ start: 10, end: 80 }, vod, 60)).toBe('tooLong');
    expect(checkClipRange({ start: 540, end: 600 }, vod, 60)).toBeNull();
  });
});
