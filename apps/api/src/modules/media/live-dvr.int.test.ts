import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_KIND, type Playback } from '@rudy/contracts';
import { parseMediaPlaylist } from '@rudy/media';
import { loadConfig } from '../../config.js';
import { startWorker, type Worker } from '../../jobs/worker.js';
import { findEvent, grantAccess } from '../../test/media-fixtures.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { signedInUser } from '../../test/test-users.js';

/*
 * The DVR window (LIVE_DVR_WINDOW_SECONDS): a live game's viewers get its last seconds only, the
 * playback answer says how far back they reach, clips stay inside it, and the recording on disk
 * (the VOD to be) keeps everything.
 */

const WINDOW = 30;
const RECORDED = 100;
let t: TestContext;
let worker: Worker | undefined;
let mediaDir: string;
let live: number;
let rendition: string;

/** A live recording as the publisher writes it: an EVENT playlist of 1 s segments. */
function eventPlaylist(count: number) {
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:6',
    '#EXT-X-TARGETDURATION:1',
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:EVENT',
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ];
  for (let i = 0; i < count; i += 1) lines.push('#EXTINF:1.000000,', `seg_${i}.ts`);
  return `${lines.join('\n')}\n`;
}

beforeAll(async () => {
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-live-dvr-'));
  const env = {
    MEDIA_DIR: mediaDir,
    DEMO_MEDIA_CHANNELS: '',
    LIVE_DVR_WINDOW_SECONDS: String(WINDOW),
  };
  t = await createTestApp(env);
  // The clip jobs' queue (a clip is stored with its job).
  const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', ...env });
  const silent = { info: () => undefined, error: () => undefined };
  worker = await startWorker({ config, database: t.database, log: silent });
  live = await findEvent(t, { access: 'free', when: 'live' });
  const dir = path.join(mediaDir, `c${t.demoChannelId}/e${live}/live`);
  fs.mkdirSync(path.join(dir, 'v0'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'master.m3u8'),
    '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360\nv0/index.m3u8\n',
  );
  rendition = path.join(dir, 'v0/index.m3u8');
  fs.writeFileSync(rendition, eventPlaylist(RECORDED));
  await t.database.db
    .insertInto('event_media')
    .values({
      channel_id: t.demoChannelId,
      event_id: live,
      kind: MEDIA_KIND.live,
      storage_key: `c${t.demoChannelId}/e${live}/live/master.m3u8`,
      status: 'live',
      started_at: new Date(Date.now() - RECORDED * 1000),
      meta: JSON.stringify({}),
    })
    .execute();
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await t?.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

/** The game's media cookie the last playback answer set (as a browser keeps it). */
let cookie = '';

async function playback(apiKey: string) {
  const res = await t.get(`/api/events/${live}/playback`, { api_key: apiKey });
  expect(res.statusCode, res.body).toBe(200);
  cookie = String(res.headers['set-cookie']).split(';')[0] ?? '';
  return res.json<Playback>();
}

/** A GET of the game's media, with its cookie. */
const media = (url: string) => t.inject({ method: 'GET', url, headers: { cookie } });

/** POST /api/clip of the live game: 5 s from `start` (on the player's `timeline` when given). */
function postClip(
  apiKey: string,
  start: number,
  timeline?: { media_sequence: number; start: number },
) {
  return t.inject({
    method: 'POST',
    url: '/api/clip',
    payload: {
      api_key: apiKey,
      event_id: live,
      name: 'Goal',
      start_time: start,
      duration: 5,
      tags: ['Hockey'],
      ...(timeline ? { timeline } : {}),
    },
  });
}

describe('a live game past its DVR window', () => {
  it('playback says how far back a viewer reaches: the window, not the whole recording', async () => {
    const p = await playback(await t.apiKey());
    expect(p.stream).toMatchObject({ kind: 'live', dvr: { enabled: true } });
    expect(p.stream?.dvr.window_seconds).toBe(WINDOW);
  });

  it('playback says where the window starts on the recording: the first segment the player is served', async () => {
    const p = await playback(await t.apiKey());
    const url = p.stream!.url.replace(/master\.m3u8$/, 'v0/index.m3u8');
    const served = parseMediaPlaylist((await media(url)).body);
    // 1 s segments: segment 70 starts at second 70 of the recording.
    expect(p.stream?.dvr.window_start).toEqual({
      media_sequence: served.mediaSequence,
      recording_seconds: RECORDED - WINDOW,
    });
    // The window slides with the recording, and so does the answer: within half a segment (an
    // answer is reused that long, as an edge keeps the playlist itself).
    fs.writeFileSync(rendition, eventPlaylist(RECORDED + 10));
    try {
      const key = await t.apiKey();
      await expect
        .poll(async () => (await playback(key)).stream?.dvr.window_start, {
          interval: 50,
          timeout: 5_000,
        })
        .toEqual({
          media_sequence: RECORDED + 10 - WINDOW,
          recording_seconds: RECORDED + 10 - WINDOW,
        });
    } finally {
      fs.writeFileSync(rendition, eventPlaylist(RECORDED));
    }
  });

  it('serves the last seconds of the recording as a sliding playlist; the file keeps all', async () => {
    const p = await playback(await t.apiKey());
    const url = p.stream!.url.replace(/master\.m3u8$/, 'v0/index.m3u8');
    const res = await media(url);
    expect(res.statusCode).toBe(200);
    // It changes every second: an edge keeps it half a segment (1 s at least), a browser asks
    // again each time (a 304 while it is unchanged); so is its master.
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=1');
    expect((await media(p.stream!.url)).headers['cache-control']).toBe(
      'public, max-age=0, s-maxage=1',
    );
    const served = parseMediaPlaylist(res.body);
    expect(served.segments).toHaveLength(WINDOW);
    expect(served.segments[0]?.uri).toBe(`seg_${RECORDED - WINDOW}.ts`);
    expect(served.mediaSequence).toBe(RECORDED - WINDOW);
    expect(served.playlistType).toBeNull();
    // Ten seconds on, the window slid by ten segments.
    fs.writeFileSync(rendition, eventPlaylist(RECORDED + 10));
    expect(parseMediaPlaylist((await media(url)).body).mediaSequence).toBe(RECORDED + 10 - WINDOW);
    // The recording, which becomes the VOD, lists every segment.
    expect(parseMediaPlaylist(fs.readFileSync(rendition, 'utf8')).segments).toHaveLength(
      RECORDED + 10,
    );
  });

  it('a finished recording (the VOD) is served whole', async () => {
    const p = await playback(await t.apiKey());
    const url = p.stream!.url.replace(/master\.m3u8$/, 'v0/index.m3u8');
    fs.writeFileSync(rendition, `${eventPlaylist(RECORDED)}#EXT-X-ENDLIST\n`);
    try {
      const res = await media(url);
      expect(parseMediaPlaylist(res.body).segments).toHaveLength(RECORDED);
      // Still the live recording's file, which its packaging may yet replace: kept briefly.
      expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=1');
    } finally {
      fs.writeFileSync(rendition, eventPlaylist(RECORDED));
    }
  });

  it('clips are cut within the window: a start that fell out of it is refused', async () => {
    const user = await signedInUser(t);
    await grantAccess(t, user.userId, ['watch', 'clipping']);
    const clip = (start: number) => postClip(user.apiKey, start);
    const early = await clip(RECORDED - WINDOW - 5);
    expect(early.statusCode, early.body).toBe(400);
    expect(early.json()).toMatchObject({ code: 'clip_beyond_end' });
    const inside = await clip(RECORDED - WINDOW + 5);
    expect(inside.statusCode, inside.body).toBe(200);
    expect(inside.json()).toMatchObject({
      start_time: RECORDED - WINDOW + 5,
      status: 'processing',
    });
  });

  it("a clip cut on a live player's clock after the window slid covers the seconds it showed", async () => {
    const user = await signedInUser(t);
    await grantAccess(t, user.userId, ['watch', 'clipping']);
    const p = await playback(user.apiKey);
    const url = p.stream!.url.replace(/master\.m3u8$/, 'v0/index.m3u8');
    // The player joins: its clock's 0 is the first segment it is served.
    const joined = parseMediaPlaylist((await media(url)).body);
    const origin = joined.mediaSequence;
    expect(origin).toBe(RECORDED - WINDOW);
    // Twenty seconds on, the window slid; the viewer marks 22.5 s to 27.5 s on the seek bar,
    // seconds 92.5 to 97.5 of the recording, and the player names a segment still listed.
    fs.writeFileSync(rendition, eventPlaylist(RECORDED + 20));
    try {
      const now = parseMediaPlaylist((await media(url)).body);
      expect(now.mediaSequence).toBe(origin + 20);
      const anchor = now.mediaSequence; // on the player's clock it starts at 20 s
      const res = await postClip(user.apiKey, 22.5, {
        media_sequence: anchor,
        start: anchor - origin,
      });
      expect(res.statusCode, res.body).toBe(200);
      const made = res.json<{ id: number; start_time: number }>();
      expect(made.start_time).toBe(origin + 22.5);
      // What the cut reads: seconds of the recording.
      const row = await t.database.db
        .selectFrom('clips')
        .select(['start_time', 'duration'])
        .where('id', '=', made.id)
        .executeTakeFirstOrThrow();
      expect(Number(row.start_time)).toBe(origin + 22.5);
      // The same clock before the window's start (the player kept the oldest seconds) is refused.
      const early = await postClip(user.apiKey, 2, {
        media_sequence: anchor,
        start: anchor - origin,
      });
      expect(early.statusCode, early.body).toBe(400);
      expect(early.json()).toMatchObject({ code: 'clip_beyond_end' });
      // A segment the recording never listed is not a clock.
      const unknown = await postClip(user.apiKey, 22.5, {
        media_sequence: RECORDED + 500,
        start: 0,
      });
      expect(unknown.statusCode, unknown.body).toBe(400);
      expect(unknown.json()).toMatchObject({ code: 'validation_failed' });
    } finally {
      fs.writeFileSync(rendition, eventPlaylist(RECORDED));
    }
  });
});
