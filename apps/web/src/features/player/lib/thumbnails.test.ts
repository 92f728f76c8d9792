import { describe, expect, it } from 'vitest';
import { cueAt } from './thumbnails';
import { parseThumbnailsVtt } from './thumbnails-track';

const TRACK = `WEBVTT

00:00:00.000 --> 00:00:02.000
sprite_000.jpg#xywh=0,0,160,90

00:00:02.000 --> 00:00:04.000
sprite_000.jpg#xywh=160,0,160,90

00:01:04.000 --> 01:00:06.500
sprite_001.jpg#xywh=0,90,160,90

00:00:09.000 --> 00:00:10.000
poster.jpg
`;

const URL_OF_TRACK = '/media/e/14/a.tok/assets/thumbs.vtt';

describe('thumbnails track', () => {
  it('reads each cue with its sprite (beside the track, same token) and region', () => {
    const cues = parseThumbnailsVtt(TRACK, URL_OF_TRACK);
    expect(cues).toHaveLength(3);
    expect(cues[1]).toEqual({
      start: 2,
      end: 4,
      url: '/media/e/14/a.tok/assets/sprite_000.jpg',
      x: 160,
      y: 0,
      w: 160,
      h: 90,
    });
    expect(cues[2]).toMatchObject({ start: 64, end: 3606.5, y: 90 });
  });

  it('finds the cue at a time, and the last one past the end', () => {
    const cues = parseThumbnailsVtt(TRACK, URL_OF_TRACK);
    expect(cueAt(cues, 0)?.x).toBe(0);
    expect(cueAt(cues, 3.9)?.x).toBe(160);
    expect(cueAt(cues, 100)?.y).toBe(90);
    expect(cueAt(cues, 99_999)?.y).toBe(90);
    expect(cueAt([], 3)).toBeNull();
  });
});
