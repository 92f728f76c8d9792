import { describe, expect, it } from 'vitest';
import {
  liveWindow,
  liveWindowStart,
  parseMediaPlaylist,
  segmentsInWindow,
  withoutMissingStart,
} from './playlist.js';

/** A live EVENT playlist as ffmpeg writes it: 1 s segments, each with its program date-time. */
function recording(count: number, o: { from?: number; discontinuityAt?: number } = {}) {
  const from = o.from ?? 0;
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:6',
    '#EXT-X-TARGETDURATION:1',
    `#EXT-X-MEDIA-SEQUENCE:${from}`,
    '#EXT-X-PLAYLIST-TYPE:EVENT',
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ];
  for (let i = from; i < from + count; i += 1) {
    if (i === o.discontinuityAt) lines.push('#EXT-X-DISCONTINUITY');
    const at = new Date(Date.UTC(2026, 0, 1, 10, 0, i)).toISOString();
    lines.push('#EXTINF:1.000000,', `#EXT-X-PROGRAM-DATE-TIME:${at}`, `seg_${i}.ts`);
  }
  return `${lines.join('\n')}\n`;
}

describe('liveWindow (the DVR window viewers get)', () => {
  it('keeps the last seconds, numbered on from the segments left out, as a sliding playlist', () => {
    const served = liveWindow(recording(100), 30);
    const p = parseMediaPlaylist(served);
    expect(p.segments.map((s) => s.uri)).toEqual(
      Array.from({ length: 30 }, (_, i) => `seg_${70 + i}.ts`),
    );
    expect(p.mediaSequence).toBe(70);
    // An EVENT playlist may never lose segments: the type goes.
    expect(p.playlistType).toBeNull();
    expect(p.endList).toBe(false);
    expect(p.segments[0]?.programDateTime).toBe('2026-01-01T10:01:10.000Z');
    expect(served.split('\n').slice(0, 4)).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:6',
      '#EXT-X-TARGETDURATION:1',
      '#EXT-X-MEDIA-SEQUENCE:70',
    ]);
  });

  it('slides one segment a second: the sequence follows the first segment it lists', () => {
    const before = parseMediaPlaylist(liveWindow(recording(100), 30));
    const after = parseMediaPlaylist(liveWindow(recording(101), 30));
    expect(after.mediaSequence).toBe(before.mediaSequence + 1);
    expect(after.segments[0]?.uri).toBe(before.segments[1]?.uri);
  });

  it('keeps the segment the window starts in whole', () => {
    const p = parseMediaPlaylist(liveWindow(recording(100), 29.5));
    expect(p.segments).toHaveLength(30);
    expect(p.totalSeconds).toBeGreaterThanOrEqual(29.5);
  });

  it('lists everything, without the EVENT type, while the recording is shorter than the window', () => {
    const p = parseMediaPlaylist(liveWindow(recording(20), 7200));
    expect(p.segments).toHaveLength(20);
    expect(p.mediaSequence).toBe(0);
    expect(p.playlistType).toBeNull();
  });

  it('counts the discontinuities left out', () => {
    const served = liveWindow(recording(100, { discontinuityAt: 40 }), 30);
    expect(served).toContain('#EXT-X-DISCONTINUITY-SEQUENCE:1');
    expect(served).not.toContain('#EXT-X-DISCONTINUITY\n');
    const kept = liveWindow(recording(100, { discontinuityAt: 80 }), 30);
    expect(kept).not.toContain('#EXT-X-DISCONTINUITY-SEQUENCE');
    expect(parseMediaPlaylist(kept).segments.filter((s) => s.discontinuity)).toHaveLength(1);
  });

  it('serves a finished recording (the VOD) and a window of 0 whole', () => {
    const ended = `${recording(100)}#EXT-X-ENDLIST\n`;
    expect(liveWindow(ended, 30)).toBe(ended);
    expect(liveWindow(recording(100), 0)).toBe(recording(100));
  });

  it('drops a line cut off mid-write, as the parser does', () => {
    const torn = `${recording(100)}#EXTINF:1.000000,\nseg_1`;
    const p = parseMediaPlaylist(liveWindow(torn, 30));
    expect(p.segments.at(-1)?.uri).toBe('seg_99.ts');
  });
});

describe('segmentsInWindow and withoutMissingStart (a recording kept for its window)', () => {
  it('names the segments the window lists', () => {
    expect(segmentsInWindow(recording(100), 3)).toEqual(['seg_97.ts', 'seg_98.ts', 'seg_99.ts']);
    expect(segmentsInWindow(recording(10), 95)).toHaveLength(10);
  });

  it('drops the leading segments that are gone, and only those', () => {
    const text = recording(100);
    const kept = new Set(segmentsInWindow(text, 30));
    const p = parseMediaPlaylist(withoutMissingStart(text, (uri) => kept.has(uri)));
    expect(p.segments).toHaveLength(30);
    expect(p.mediaSequence).toBe(70);
    expect(p.playlistType).toBe('EVENT');
    // A recording nothing was deleted from is left exactly as it is.
    expect(withoutMissingStart(text, () => true)).toBe(text);
    // A gap later on is not a missing start: nothing is dropped.
    expect(withoutMissingStart(text, (uri) => uri !== 'seg_50.ts')).toBe(text);
  });
});

describe('liveWindowStart (where the served window sits on the recording)', () => {
  it('names the first segment liveWindow lists and the seconds left out before it', () => {
    const text = recording(100).replace('#EXTINF:1.000000,', '#EXTINF:2.500000,');
    const served = parseMediaPlaylist(liveWindow(text, 30));
    expect(liveWindowStart(text, 30)).toEqual({
      mediaSequence: served.mediaSequence,
      // segment 0 lasts 2.5 s, segments 1..69 one second each
      recordingSeconds: 2.5 + 69,
    });
  });

  it("is the recording's start while it is shorter than the window, or without one", () => {
    expect(liveWindowStart(recording(20, { from: 5 }), 7200)).toEqual({
      mediaSequence: 5,
      recordingSeconds: 0,
    });
    expect(liveWindowStart(recording(100), 0)).toEqual({ mediaSequence: 0, recordingSeconds: 0 });
  });

  it('is the start of a finished recording (served whole) and null without segments', () => {
    expect(liveWindowStart(`${recording(100)}#EXT-X-ENDLIST\n`, 30)).toEqual({
      mediaSequence: 0,
      recordingSeconds: 0,
    });
    expect(liveWindowStart('#EXTM3U\n#EXT-X-TARGETDURATION:1\n', 30)).toBeNull();
  });
});
