import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES as M } from '@rudy/contracts';
import {
  checkClipRequest,
  clipFileName,
  recordingStartTime,
  startWithinRecording,
} from './clip-rules.js';

const ok = {
  startTime: 10,
  duration: 20,
  tags: ['hockey'],
  availableSeconds: 60,
  allowedTags: ['Hockey', 'Goal'],
  maxSeconds: 30,
};

describe('checkClipRequest', () => {
  it("accepts a clip inside the recording, with the channel's spelling of its tags", () => {
    expect(checkClipRequest({ ...ok, tags: ['hockey', ' GOAL', 'Hockey'] })).toEqual({
      tags: ['Hockey', 'Goal'],
    });
  });

  it("refuses a tag the channel does not list: 'Please select tag'", () => {
    expect(checkClipRequest({ ...ok, tags: ['Curling'] })).toMatchObject({
      code: 'clip_tag_invalid',
      message: M.selectTag,
    });
  });

  it("refuses an end past the recording: 'Your clip duration is longer than the end time'", () => {
    expect(checkClipRequest({ ...ok, startTime: 45 })).toMatchObject({
      code: 'clip_beyond_end',
      message: M.clipDuration,
    });
    // Exactly to the end is fine, to the millisecond.
    expect(checkClipRequest({ ...ok, startTime: 40.0005 })).toHaveProperty('tags');
  });

  it('refuses clips shorter than a second or longer than the channel allows', () => {
    expect(checkClipRequest({ ...ok, duration: 0.5 })).toMatchObject({ code: 'clip_too_short' });
    expect(checkClipRequest({ ...ok, duration: 31 })).toMatchObject({
      code: 'clip_too_long',
      message: 'A clip lasts at most 30 seconds',
    });
  });
});

describe('checkClipRequest on a live game past its DVR window', () => {
  const live = { ...ok, startTime: 7_300, availableSeconds: 9_000, earliestSeconds: 1_800 };
  it('refuses a start that fell out of the window, accepts one inside it', () => {
    expect(checkClipRequest({ ...live, startTime: 1_799 })).toMatchObject({
      code: 'clip_beyond_end',
      field: 'start_time',
    });
    expect(checkClipRequest({ ...live, startTime: 1_800 })).toHaveProperty('tags');
    expect(checkClipRequest(live)).toHaveProperty('tags');
  });
});

describe('clipFileName', () => {
  it('keeps plain letters only', () => {
    expect(clipFileName('Bédard — top-shelf goal!')).toBe('bedard-top-shelf-goal.mp4');
    expect(clipFileName('!!!')).toBe('clip.mp4');
  });
});

describe('recordingStartTime', () => {
  /** A recording of 1 s segments but for a shorter one before a restart (segment 3). */
  const recording = {
    mediaSequence: 0,
    segments: [1, 1, 1, 0.52, 1, 1, 1, 1, 1, 1].map((durationSeconds) => ({ durationSeconds })),
  };

  it('takes start_time as seconds of the recording without a timeline', () => {
    expect(recordingStartTime(recording, 4.2)).toBe(4.2);
  });

  it("maps a live player's clock, started at the window it first loaded, onto the recording", () => {
    // The player joined when the window began at segment 5: its 0 is the recording's 4.52 s.
    expect(recordingStartTime(recording, 2.25, { media_sequence: 5, start: 0 })).toBe(6.77);
    // Any listed segment may anchor it: segment 7 starts at 2 s on that clock.
    expect(recordingStartTime(recording, 2.25, { media_sequence: 7, start: 2 })).toBe(6.77);
    // A window that has not slid: the clocks agree.
    expect(recordingStartTime(recording, 2.25, { media_sequence: 0, start: 0 })).toBe(2.25);
  });

  it('counts from the first listed segment of a recording that lost its oldest (a pruned VOD)', () => {
    const pruned = { mediaSequence: 5, segments: recording.segments.slice(5) };
    expect(recordingStartTime(pruned, 2.25, { media_sequence: 5, start: 0 })).toBe(2.25);
    expect(recordingStartTime(pruned, 3, { media_sequence: 8, start: 1 })).toBe(5);
  });

  it('is null for a segment the recording does not list', () => {
    expect(recordingStartTime(recording, 1, { media_sequence: 10, start: 0 })).toBeNull();
    const pruned = { mediaSequence: 5, segments: recording.segments.slice(5) };
    expect(recordingStartTime(pruned, 1, { media_sequence: 4, start: 0 })).toBeNull();
  });
});

describe('startWithinRecording', () => {
  it("starts a clip from the seek bar's first instant at the recording's (or window's) start", () => {
    // hls.js's first segment started 0.0107 s into its clock: the clip from 0 mapped to -0.011.
    expect(startWithinRecording(-0.011, 0)).toBe(0);
    expect(startWithinRecording(69.99, 70)).toBe(70);
    // Really before it stays before it (and is refused as clip_beyond_end).
    expect(startWithinRecording(69.5, 70)).toBe(69.5);
    expect(startWithinRecording(12.5, 0)).toBe(12.5);
  });
});
