import { describe, expect, it } from 'vitest';
import { masterPlaylist } from './master.js';
import {
  completeLines,
  finalizeRecording,
  parseMasterPlaylist,
  parseMediaPlaylist,
  vodPlaylist,
} from './playlist.js';
import { thumbnailsVtt } from './thumbnails-vtt.js';

const live = `#EXTM3U
#EXT-X-VERSION:6
#EXT-X-TARGETDURATION:2
#EXT-X-MEDIA-SEQUENCE:0
#EXT-X-PLAYLIST-TYPE:EVENT
#EXTINF:2.000000,
#EXT-X-PROGRAM-DATE-TIME:2026-01-01T10:00:00.000+0000
seg_00000.ts
#EXTINF:2.000000,
seg_00001.ts
#EXTINF:1.500000,
seg_000`;

describe('media playlists', () => {
  it('parses segments and drops a line cut off mid-write', () => {
    const p = parseMediaPlaylist(live);
    expect(p.playlistType).toBe('EVENT');
    expect(p.endList).toBe(false);
    expect(p.segments.map((s) => s.uri)).toEqual(['seg_00000.ts', 'seg_00001.ts']);
    expect(p.segments[0]?.programDateTime).toBe('2026-01-01T10:00:00.000+0000');
    expect(p.totalSeconds).toBe(4);
    expect(completeLines('a\nb')).toEqual(['a']);
  });

  it('finalizes a recording into a VOD playlist, with or without ENDLIST', () => {
    const vod = parseMediaPlaylist(finalizeRecording(live));
    expect(vod.playlistType).toBe('VOD');
    expect(vod.endList).toBe(true);
    expect(vod.segments).toHaveLength(2);
    const twice = finalizeRecording(finalizeRecording(live));
    expect(twice.match(/#EXT-X-ENDLIST/g)).toHaveLength(1);
  });

  it('rejects what is not a playlist', () => {
    expect(() => parseMediaPlaylist('<html>')).toThrow();
  });
});

describe('master playlist', () => {
  it('lists every rendition with bandwidth, resolution and codecs', () => {
    const text = masterPlaylist(
      [
        { name: '720p', width: 1280, height: 720, videoKbps: 2000, audioKbps: 128 },
        { name: '360p', width: 640, height: 360, videoKbps: 600, audioKbps: 96 },
      ],
      { fps: 25, hasAudio: true },
    );
    const variants = parseMasterPlaylist(text);
    expect(variants.map((v) => v.uri)).toEqual(['v0/index.m3u8', 'v1/index.m3u8']);
    expect(variants[0]?.resolution).toEqual({ width: 1280, height: 720 });
    expect(variants[1]?.codecs).toBe('avc1.4d401e,mp4a.40.2');
    expect(variants[0]!.bandwidth).toBeGreaterThan(variants[1]!.bandwidth);
  });
});

describe('thumbnails VTT', () => {
  it('maps each interval to a sprite region, across sheets', () => {
    const vtt = thumbnailsVtt({
      count: 3,
      intervalSeconds: 5,
      columns: 2,
      rows: 1,
      width: 160,
      height: 90,
      sheetName: (n) => `s${n}.jpg`,
    });
    expect(vtt.split('\n\n')).toEqual([
      'WEBVTT',
      '00:00:00.000 --> 00:00:05.000\ns0.jpg#xywh=0,0,160,90',
      '00:00:05.000 --> 00:00:10.000\ns0.jpg#xywh=160,0,160,90',
      '00:00:10.000 --> 00:00:15.000\ns1.jpg#xywh=0,0,160,90\n',
    ]);
  });
});

describe('vodPlaylist', () => {
  it('writes a finished playlist that parses back, with discontinuities where asked', () => {
    const text = vodPlaylist([
      { uri: 'seg_00000.ts', durationSeconds: 1.28 },
      { uri: 'seg_00001.ts', durationSeconds: 6.0004, discontinuity: true },
      { uri: 'seg_00002.ts', durationSeconds: 2.72 },
    ]);
    expect(text).toContain('#EXT-X-TARGETDURATION:6\n');
    expect(text).toContain('#EXT-X-DISCONTINUITY\n#EXTINF:6.000400,\nseg_00001.ts');
    const p = parseMediaPlaylist(text);
    expect(p).toMatchObject({ playlistType: 'VOD', endList: true, mediaSequence: 0 });
    expect(p.totalSeconds).toBeCloseTo(10.0004, 6);
    expect(p.segments.map((s) => [s.uri, s.discontinuity])).toEqual([
      ['seg_00000.ts', false],
      ['seg_00001.ts', true],
      ['seg_00002.ts', false],
    ]);
  });
});
