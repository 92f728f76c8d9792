import { createHash } from 'node:crypto';
import webvtt from 'webvtt-parser';
import { CAPTION_MAX_BYTES, CAPTION_MESSAGES } from '@rudy/contracts';
import { HttpError } from '../../lib/http-error.js';

/** What the store and the playlists need of a valid file. */
export interface CheckedCaptions {
  bytes: Buffer;
  cueCount: number;
  /** When the last cue ends: the single subtitle segment's length. */
  durationSeconds: number;
  /** Names the stored file: a replaced file is a new URL (players cache the old one for a day). */
  digest: string;
}

const refused = (message: string, status = 400) =>
  new HttpError(status, status === 413 ? 'payload_too_large' : 'validation_failed', message, {
    vtt: message,
  });

/**
 * A caption upload checked the way browsers read it: the W3C's WebVTT parser (webvtt-parser),
 * where any parse error refuses the file (an error a browser skips over would lose cues silently),
 * with a size limit, no NUL byte (a parser replaces it; a file with one is not text) and at least
 * one cue.
 */
export function checkWebVtt(text: string): CheckedCaptions {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length > CAPTION_MAX_BYTES) throw refused(CAPTION_MESSAGES.size, 413);
  if (text.includes('\0')) throw refused(CAPTION_MESSAGES.invalid);
  const parsed = new webvtt.WebVTTParser().parse(text, 'subtitles');
  if (parsed.errors.length > 0) throw refused(CAPTION_MESSAGES.invalid);
  if (parsed.cues.length === 0) throw refused(CAPTION_MESSAGES.empty);
  const durationSeconds = Math.max(...parsed.cues.map((cue) => cue.endTime));
  return {
    bytes,
    cueCount: parsed.cues.length,
    durationSeconds,
    digest: createHash('sha256').update(bytes).digest('hex').slice(0, 12),
  };
}
