import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES as M } from '@rudy/contracts';
import { checkClipRequest, clipFileName } from './clip-rules.js';

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
