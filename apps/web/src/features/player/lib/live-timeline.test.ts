import { describe, expect, it } from 'vitest';
import { recordingOffset, timelineAnchor, type TimelineSegments } from './live-timeline';

/**
 * A live playlist as hls.js holds it: segments numbered from `firstSn`, starting at `firstStart`
 * on the player's clock (hls.js puts its clock's 0 at the first segment of the first playlist it
 * loaded, and keeps the numbers' starts as the window slides).
 */
function listed(firstSn: number, firstStart: number, count: number): TimelineSegments {
  return {
    fragments: Array.from({ length: count }, (_, i) => ({
      sn: firstSn + i,
      start: firstStart + i,
      duration: 1,
    })),
  };
}

describe('timelineAnchor', () => {
  it('names the segment the clip starts in and where it starts on the clock', () => {
    // Joined when the window began at segment 70; 20 s later the window begins at 90 (20 s).
    expect(timelineAnchor(listed(90, 20, 30), 22.5)).toEqual({ media_sequence: 92, start: 22 });
  });

  it('a window that has not slid: segment 0 at 0, the clocks agree', () => {
    expect(timelineAnchor(listed(0, 0, 30), 12.3)).toEqual({ media_sequence: 0 + 12, start: 12 });
  });

  it('a start before the listed segments or after them anchors on the nearest listed one', () => {
    expect(timelineAnchor(listed(90, 20, 30), 5)).toEqual({ media_sequence: 90, start: 20 });
    expect(timelineAnchor(listed(90, 20, 30), 80)).toEqual({ media_sequence: 119, start: 49 });
  });

  it('keeps to the clock hls.js measured (segment starts are not whole seconds)', () => {
    const details = {
      fragments: [
        { sn: 40, start: 3.96, duration: 1.02 },
        { sn: 41, start: 4.98, duration: 0.52 },
        { sn: 42, start: 5.5, duration: 1 },
      ],
    };
    expect(timelineAnchor(details, 5.2)).toEqual({ media_sequence: 41, start: 4.98 });
  });

  it('is null without segments (native playback, nothing loaded yet)', () => {
    expect(timelineAnchor(null, 3)).toBeNull();
    expect(timelineAnchor({ fragments: [] }, 3)).toBeNull();
    expect(timelineAnchor({ fragments: [{ sn: 'initSegment', start: 0, duration: 0 }] }, 3)).toBe(
      null,
    );
  });
});

describe('recordingOffset', () => {
  // Joined when the window began at segment 70 (the clock's 0); the answer now says the window
  // begins at segment 90, 1290 s into the recording. Segment 90 starts at 20 on the clock.
  const windowStart = { media_sequence: 90, recording_seconds: 1290 };

  it("is the window start's segment on the player's clock minus its second of the recording", () => {
    const offset = recordingOffset(listed(90, 20, 30), windowStart);
    expect(offset).toBe(20 - 1290);
    // A moment 1300 s into the recording: 10 s after the window's first segment.
    expect(1300 + offset!).toBe(30);
  });

  it('finds the segment among those the player lists, wherever it is', () => {
    expect(recordingOffset(listed(80, 10, 40), windowStart)).toBe(20 - 1290);
  });

  it("estimates a segment the player's playlist no longer lists (or not yet) from the nearest", () => {
    // The window slid 3 segments between the answer and the playlist the player holds.
    expect(recordingOffset(listed(93, 23, 30), windowStart)).toBe(20 - 1290);
    // A playlist older than the answer (it ends at segment 89).
    expect(recordingOffset(listed(70, 0, 20), windowStart)).toBe(20 - 1290);
  });

  it('is null without segments (native playback, nothing loaded yet)', () => {
    expect(recordingOffset(null, windowStart)).toBeNull();
    expect(recordingOffset({ fragments: [] }, windowStart)).toBeNull();
  });
});
