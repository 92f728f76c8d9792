import { describe, expect, it } from 'vitest';
import { subtitlePlaylist, withSubtitles } from './caption-playlists.js';

const MASTER = [
  '#EXTM3U',
  '#EXT-X-VERSION:3',
  '#EXT-X-STREAM-INF:BANDWIDTH=1200000,RESOLUTION=1280x720',
  'v0/index.m3u8',
  '#EXT-X-STREAM-INF:BANDWIDTH=400000,RESOLUTION=640x360',
  'v1/index.m3u8',
  '',
].join('\n');
const en = {
  lang: 'en' as const,
  storage_key: 'c1/e2/captions/en-0123456789ab.vtt',
  duration_seconds: 61.2,
};
const fr = {
  lang: 'fr' as const,
  storage_key: 'c1/e2/captions/fr-ba9876543210.vtt',
  duration_seconds: 60,
};

describe('caption playlists', () => {
  it('lists each language as a subtitle rendition, before the variants that name the group', () => {
    const out = withSubtitles(MASTER, [en, fr], '../').split('\n');
    expect(out.slice(2, 4)).toEqual([
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",DEFAULT=NO,AUTOSELECT=YES,URI="../captions/en.m3u8"',
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Français",LANGUAGE="fr",DEFAULT=NO,AUTOSELECT=YES,URI="../captions/fr.m3u8"',
    ]);
    expect(out.filter((l) => l.startsWith('#EXT-X-STREAM-INF'))).toEqual([
      '#EXT-X-STREAM-INF:BANDWIDTH=1200000,RESOLUTION=1280x720,SUBTITLES="subs"',
      '#EXT-X-STREAM-INF:BANDWIDTH=400000,RESOLUTION=640x360,SUBTITLES="subs"',
    ]);
  });

  it('leaves a playlist without captions, or without variants, as it is', () => {
    expect(withSubtitles(MASTER, [], '../')).toBe(MASTER);
    const media = '#EXTM3U\n#EXTINF:4,\nseg_0.ts\n';
    expect(withSubtitles(media, [en], '')).toBe(media);
  });

  it('makes one WebVTT segment as long as the captions', () => {
    expect(subtitlePlaylist(en)).toBe(
      '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:62\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:61.200,\nen-0123456789ab.vtt\n#EXT-X-ENDLIST\n',
    );
  });
});
