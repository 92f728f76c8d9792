import { describe, expect, it } from 'vitest';
import { firstMediaUrls, masterEntries, prefetchStreamStart } from './stream-prefetch';

const BASE = 'https://tv.example/media/e/1/tok/vod/';
const MASTER = `#EXTM3U
#EXT-X-VERSION:3
#EXT-X-STREAM-INF:BANDWIDTH=1482600,AVERAGE-BANDWIDTH=1170000,RESOLUTION=1280x720,CODECS="avc1.640028,mp4a.40.2"
v0/index.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=1006000,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2"
v1/index.m3u8
`;
const VOD = `#EXTM3U
#EXT-X-TARGETDURATION:4
#EXT-X-PLAYLIST-TYPE:VOD
#EXTINF:4.000000,
seg_00000.ts
#EXTINF:4.000000,
seg_00001.ts
#EXT-X-ENDLIST
`;
const LIVE = `#EXTM3U
#EXT-X-TARGETDURATION:1
#EXT-X-MEDIA-SEQUENCE:120
#EXT-X-PROGRAM-DATE-TIME:2026-11-25T07:00:00.000Z
#EXTINF:1.000000,
seg_120.ts
#EXTINF:1.000000,
seg_121.ts
`;

const REUSABLE = 'private, max-age=60';
const LIVE_CACHE = 'private, no-cache';

/**
 * A fetch that answers from `files` (404 otherwise; playlists with the server's cache header,
 * `no-cache` for those in `live`) and records what was asked and read.
 */
function fakeFetch(files: Record<string, string>, live: string[] = []) {
  const asked: string[] = [];
  const read: string[] = [];
  const impl = ((input: RequestInfo | URL) => {
    const url = input instanceof Request ? input.url : input.toString();
    asked.push(url);
    const body = files[url];
    const res = new Response(body ?? 'missing', {
      status: body === undefined ? 404 : 200,
      headers: { 'cache-control': live.includes(url) ? LIVE_CACHE : REUSABLE },
    });
    const text = res.text.bind(res);
    const patched = Object.assign(res, {
      text: () => (read.push(url), text()),
      arrayBuffer: () => (read.push(url), text().then((t) => new TextEncoder().encode(t).buffer)),
    });
    return Promise.resolve(patched);
  }) as typeof fetch;
  return { impl, asked, read };
}

describe('masterEntries', () => {
  it('lists each rendition with its height, bandwidth and absolute URL, in order', () => {
    expect(masterEntries(MASTER, `${BASE}master.m3u8`)).toEqual([
      { index: 0, height: 720, bitrate: 1482600, url: `${BASE}v0/index.m3u8` },
      { index: 1, height: 360, bitrate: 1006000, url: `${BASE}v1/index.m3u8` },
    ]);
  });

  it('finds none in a media playlist', () => {
    expect(masterEntries(VOD, `${BASE}v0/index.m3u8`)).toEqual([]);
  });
});

describe('firstMediaUrls', () => {
  it('gives the first segment of a finished playlist, after its initialisation section', () => {
    expect(firstMediaUrls(VOD, `${BASE}v1/index.m3u8`)).toEqual([`${BASE}v1/seg_00000.ts`]);
    const fmp4 = VOD.replace('#EXTINF', '#EXT-X-MAP:URI="init.mp4"\n#EXTINF');
    expect(firstMediaUrls(fmp4, `${BASE}v1/index.m3u8`)).toEqual([
      `${BASE}v1/init.mp4`,
      `${BASE}v1/seg_00000.ts`,
    ]);
  });

  it('gives nothing for a live playlist: the player starts near its edge', () => {
    expect(firstMediaUrls(LIVE, `${BASE}v1/index.m3u8`)).toEqual([]);
  });
});

describe('prefetchStreamStart', () => {
  const files = {
    [`${BASE}master.m3u8`]: MASTER,
    [`${BASE}v0/index.m3u8`]: VOD,
    [`${BASE}v1/index.m3u8`]: VOD,
    [`${BASE}v0/seg_00000.ts`]: 'tall',
    [`${BASE}v1/seg_00000.ts`]: 'small',
    'https://tv.example/assets/hls.worker-1.js': 'worker',
  };

  it('fetches and reads what hls.js asks first: master, start rendition, first segment, worker', async () => {
    const fetch = fakeFetch(files);
    await prefetchStreamStart(`${BASE}master.m3u8`, {
      // hls.js's first estimate carries neither rendition: it starts on the smallest.
      playerHeightPx: 1080,
      bandwidthBps: 500_000,
      workerUrl: 'https://tv.example/assets/hls.worker-1.js',
      fetchImpl: fetch.impl,
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetch.asked).toEqual([
      'https://tv.example/assets/hls.worker-1.js',
      `${BASE}master.m3u8`,
      `${BASE}v1/index.m3u8`,
      `${BASE}v1/seg_00000.ts`,
    ]);
    expect(fetch.read).toEqual(expect.arrayContaining(fetch.asked));
  });

  it('follows the start rendition the player would choose', async () => {
    const fetch = fakeFetch(files);
    await prefetchStreamStart(`${BASE}master.m3u8`, {
      playerHeightPx: 720,
      bandwidthBps: 5_000_000,
      fetchImpl: fetch.impl,
    });
    expect(fetch.asked).toEqual([
      `${BASE}master.m3u8`,
      `${BASE}v0/index.m3u8`,
      `${BASE}v0/seg_00000.ts`,
    ]);
  });

  it('stops at the first playlist the browser may not keep (a live one)', async () => {
    const options = { playerHeightPx: 360, bandwidthBps: 500_000 };
    const liveFiles = { ...files, [`${BASE}v1/index.m3u8`]: LIVE };
    const live = fakeFetch(liveFiles, [`${BASE}master.m3u8`, `${BASE}v1/index.m3u8`]);
    await prefetchStreamStart(`${BASE}master.m3u8`, { ...options, fetchImpl: live.impl });
    expect(live.asked).toEqual([`${BASE}master.m3u8`]);
    // Had the server let it keep the master, the live playlist would still end the prefetch.
    const liveRendition = fakeFetch(liveFiles, [`${BASE}v1/index.m3u8`]);
    await prefetchStreamStart(`${BASE}master.m3u8`, { ...options, fetchImpl: liveRendition.impl });
    expect(liveRendition.asked).toEqual([`${BASE}master.m3u8`, `${BASE}v1/index.m3u8`]);
  });

  it('leaves a failure to hls.js: nothing thrown, nothing more asked', async () => {
    const fetch = fakeFetch({});
    await expect(
      prefetchStreamStart(`${BASE}master.m3u8`, {
        playerHeightPx: 360,
        bandwidthBps: 500_000,
        fetchImpl: fetch.impl,
      }),
    ).resolves.toBeUndefined();
    expect(fetch.asked).toEqual([`${BASE}master.m3u8`]);
  });
});
