import { describe, expect, it } from 'vitest';
import { CAPTION_MAX_BYTES, CAPTION_MESSAGES } from '@rudy/contracts';
import { checkWebVtt } from './webvtt.js';

const cue =
  'WEBVTT\n\n00:00:01.000 --> 00:00:02.250\nHello\n\n00:00:03.000 --> 00:00:04.500\n<i>there</i>\n';

describe('checkWebVtt', () => {
  it('counts the cues and says when the last one ends', () => {
    const checked = checkWebVtt(cue);
    expect(checked).toMatchObject({ cueCount: 2, durationSeconds: 4.5 });
    expect(checked.digest).toMatch(/^[0-9a-f]{12}$/);
    expect(checkWebVtt(cue).digest).toBe(checked.digest);
  });

  it.each([
    ['no signature', 'Hello\n', CAPTION_MESSAGES.invalid],
    ['a NUL byte', cue.replace('Hello', 'He\0llo'), CAPTION_MESSAGES.invalid],
    ['a broken timing', 'WEBVTT\n\n00:00:01 -> 00:00:02\nHi\n', CAPTION_MESSAGES.invalid],
    ['no cue', 'WEBVTT\n\nNOTE only a note\n', CAPTION_MESSAGES.empty],
    ['too large', `${cue}${'x'.repeat(CAPTION_MAX_BYTES)}`, CAPTION_MESSAGES.size],
  ])('refuses %s', (_name, text, message) => {
    expect(() => checkWebVtt(text)).toThrow(message);
  });
});
