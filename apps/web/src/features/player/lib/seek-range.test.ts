import { describe, expect, it } from 'vitest';
import { fitRange } from './seek-range';

describe('fitRange (a stretch the page opens the tool with)', () => {
  it('keeps a stretch that is on the bar as it is', () => {
    expect(fitRange({ start: 292, end: 312 }, { start: 0, end: 600 })).toEqual({
      start: 292,
      end: 312,
    });
  });

  it("moves one past the end inwards, its length kept: a replay's last seconds, live what is recorded", () => {
    expect(fitRange({ start: 590, end: 610 }, { start: 0, end: 600 })).toEqual({
      start: 580,
      end: 600,
    });
    // A live bar ends at a fraction: the end is rounded down, never past what can be cut.
    expect(fitRange({ start: 387, end: 407 }, { start: 80, end: 400.37 })).toEqual({
      start: 380.4,
      end: 400.3,
    });
  });

  it('moves one before the start inwards (a live DVR window that slid), cut to a bar that is shorter', () => {
    expect(fitRange({ start: 75, end: 95 }, { start: 80.02, end: 400 })).toEqual({
      start: 80.1,
      end: 100.1,
    });
    expect(fitRange({ start: 0, end: 20 }, { start: 4, end: 12 })).toEqual({ start: 4, end: 12 });
  });

  it('leaves it as asked while the bar is not known yet', () => {
    expect(fitRange({ start: 292, end: 312 }, { start: 0, end: 0 })).toEqual({
      start: 292,
      end: 312,
    });
    expect(fitRange({ start: 1, end: 21 }, { start: 0, end: Number.NaN })).toEqual({
      start: 1,
      end: 21,
    });
  });
});
