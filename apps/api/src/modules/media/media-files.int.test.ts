import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Playback } from '@rudy/contracts';
import { attachVod, findEvent, makeTinyVod } from '../../test/media-fixtures.js';
import { createTestApp, OTHER_CHANNEL_KEY, type TestContext } from '../../test/test-app.js';

/* /media: only a genuine, unexpired token for this event, channel and a live API key opens files. */

let t: TestContext;
let mediaDir: string;
/** A built web app of one page with the splash, for the watch page's HTML. */
let webDist: string;
let fixture: { dir: string; durationSeconds: number };
let clock = Date.now();
let eventId: number;
let otherEventId: number;
let otherChannelEventId: number;

async function playback(id: number, apiKey: string): Promise<Playback> {
  const res = await t.get(`/api/events/${id}/playback`, { api_key: apiKey });
  expect(res.statusCode).toBe(200);
  return res.json<Playback>();
}
const tokenOf = (url: string) => url.split('/')[4] ?? '';

beforeAll(async () => {
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-media-files-'));
  fixture = await makeTinyVod();
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-media-files-web-'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Live sports</title></head><body>' +
      '<div id="splash" class="splash"><div class="splash__ring"></div></div>' +
      '<div id="root"></div></body></html>',
  );
  t = await createTestApp(
    { MEDIA_DIR: mediaDir, WEB_DIST_DIR: webDist },
    { now: () => new Date(clock) },
  );
  eventId = await findEvent(t, { access: 'free', when: 'past' });
  const free = await t.database.db
    .selectFrom('events')
    .select('id')
    .where('channel_id', '=', t.demoChannelId)
    .where('access_type', '=', 'free')
    .where('event_utc_ts', '<', new Date(Date.now() - 86_400_000))
    .where('id', '!=', eventId)
    .executeTakeFirstOrThrow();
  otherEventId = free.id;
  otherChannelEventId = await findEvent(t, {
    access: 'free',
    when: 'past',
    channelId: t.otherChannelId,
  });
  await attachVod(t, mediaDir, fixture, t.demoChannelId, eventId);
  await attachVod(t, mediaDir, fixture, t.demoChannelId, otherEventId);
  await attachVod(t, mediaDir, fixture, t.otherChannelId, otherChannelEventId);
}, 120_000);

afterAll(async () => {
  await t.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
  fs.rmSync(fixture.dir, { recursive: true, force: true });
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe("a watch page's poster in its HTML", () => {
  const posterIn = async (id: number, host?: string) => {
    const page = await t.inject({
      url: `/watch/${id}`,
      headers: { accept: 'text/html', ...(host ? { host } : {}) },
    });
    expect(page.statusCode).toBe(200);
    return /<img class="splash__poster" src="([^"]+)"/.exec(page.body)?.[1];
  };

  it('opens the poster with no API key, and nothing else of the game or of another', async () => {
    const src = await posterIn(eventId);
    expect(src).toMatch(
      new RegExp(`^/media/e/${eventId}/s\\.[^/]+\\.0\\.[^/]+/assets/poster\\.jpg$`),
    );
    const poster = await t.get(src!);
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    const token = tokenOf(src!);
    for (const rest of ['vod/master.m3u8', 'download/event.mp4', 'assets/preview.mp4']) {
      expect((await t.get(`/media/e/${eventId}/${token}/${rest}`)).statusCode, rest).toBe(403);
    }
    expect((await t.get(`/media/e/${otherEventId}/${token}/assets/poster.jpg`)).statusCode).toBe(
      403,
    );
    // A percent-encoded climb out of assets/ opens nothing either.
    for (const rest of ['assets/..%2fvod%2fmaster.m3u8', 'assets%2f..%2fvod/master.m3u8']) {
      const status = (await t.get(`/media/e/${eventId}/${token}/${rest}`)).statusCode;
      expect([403, 404], rest).toContain(status);
    }
    // Reloads within a few minutes share one URL (and the browser's cached image).
    expect(await posterIn(eventId)).toBe(src);
  });

  it("shows no poster of another channel's game, the game's picture without one, none once expired", async () => {
    expect(await posterIn(otherChannelEventId)).toBeUndefined();
    expect(await posterIn(otherChannelEventId, 'other.example.test')).toMatch(/^\/media\/e\//);
    // A game with no frame stored shows its own picture, as playback does.
    const withoutMedia = await findEvent(t, { access: 'free', when: 'future' });
    const own = await t.database.db
      .selectFrom('events')
      .select('image_url')
      .where('id', '=', withoutMedia)
      .executeTakeFirstOrThrow();
    expect(own.image_url).toBeTruthy();
    const attr = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    expect(await posterIn(withoutMedia)).toBe(attr(own.image_url!));
    const p = await playback(withoutMedia, await t.apiKey());
    expect(p.assets.poster_url).toBe(own.image_url);
    const src = await posterIn(eventId);
    const saved = clock;
    clock += 16 * 60_000;
    try {
      expect((await t.get(src!)).statusCode).toBe(403);
    } finally {
      clock = saved;
    }
  });
});

describe('signed media URLs', () => {
  it('serve the master, child playlists, segments and poster under one token', async () => {
    const p = await playback(eventId, await t.apiKey());
    expect(p.stream?.url).toMatch(new RegExp(`^/media/e/${eventId}/[^/]+/vod/master\\.m3u8$`));
    const master = await t.get(p.stream!.url);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    // Reused for a minute: the player fetches it while hls.js loads, then hls.js asks again.
    expect(master.headers['cache-control']).toBe('private, max-age=60');
    const variant = master.body.split('\n').find((l) => l.endsWith('.m3u8'))!;
    const base = p.stream!.url.replace(/master\.m3u8$/, '');
    const media = await t.get(`${base}${variant}`);
    expect(media.body).toContain('#EXT-X-ENDLIST');
    expect(media.headers['cache-control']).toBe('private, max-age=60');
    const segment = media.body.split('\n').find((l) => l.endsWith('.ts'))!;
    const seg = await t.get(`${base}${path.posix.dirname(variant)}/${segment}`);
    expect(seg.statusCode).toBe(200);
    expect(seg.headers['content-type']).toBe('video/mp2t');
    expect(seg.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte
    const poster = await t.get(p.assets.poster_url!);
    expect(poster.headers['content-type'], `${p.assets.poster_url} ${poster.body}`).toBe(
      'image/jpeg',
    );
  });

  it('answers byte ranges', async () => {
    const p = await playback(eventId, await t.apiKey());
    const res = await t.inject({
      method: 'GET',
      url: p.assets.preview_url!,
      headers: { range: 'bytes=0-99' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/);
    expect(res.rawPayload.length).toBe(100);
    const bad = await t.inject({
      method: 'GET',
      url: p.assets.preview_url!,
      headers: { range: 'bytes=99999999-' },
    });
    expect(bad.statusCode).toBe(416);
  });

  it('refuses a missing, malformed or forged token', async () => {
    const p = await playback(eventId, await t.apiKey());
    const token = tokenOf(p.stream!.url);
    const forged = `${token.slice(0, -4)}AAAA`;
    for (const url of [
      `/media/e/${eventId}//vod/master.m3u8`,
      `/media/e/${eventId}/nonsense/vod/master.m3u8`,
      `/media/e/${eventId}/${forged}/vod/master.m3u8`,
      `/media/e/${eventId}/${token.replace(/^p\.\d+/, 'p.9999999999')}/vod/master.m3u8`,
    ]) {
      const res = await t.get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json<{ code: string }>().code).toBe('media_token_invalid');
    }
    expect((await t.get(`/media/e/${eventId}/vod/master.m3u8`)).statusCode).toBe(403);
  });

  it('refuses an expired token', async () => {
    const p = await playback(eventId, await t.apiKey());
    expect((await t.get(p.stream!.url)).statusCode).toBe(200);
    const saved = clock;
    clock = new Date(p.stream!.expires_at).getTime() + 1_000;
    try {
      expect((await t.get(p.stream!.url)).statusCode).toBe(403);
    } finally {
      clock = saved;
    }
  });

  it("refuses another event's token and another channel's token", async () => {
    const p = await playback(eventId, await t.apiKey());
    const token = tokenOf(p.stream!.url);
    expect((await t.get(`/media/e/${otherEventId}/${token}/vod/master.m3u8`)).statusCode).toBe(403);
    const other = await playback(otherChannelEventId, await t.apiKey(OTHER_CHANNEL_KEY));
    const otherToken = tokenOf(other.stream!.url);
    expect((await t.get(`/media/e/${eventId}/${otherToken}/vod/master.m3u8`)).statusCode).toBe(403);
    // Its own event plays, from its own channel's files only.
    expect((await t.get(other.stream!.url)).statusCode).toBe(200);
  });

  it('refuses path tricks: encoded or plain traversal, absolute paths, NUL, backslashes', async () => {
    const p = await playback(eventId, await t.apiKey());
    const base = `/media/e/${eventId}/${tokenOf(p.stream!.url)}`;
    const tricks = [
      `${base}/vod/%2e%2e/%2e%2e/e${otherEventId}/vod/master.m3u8`,
      `${base}/vod/..%2f..%2fassets/poster.jpg`,
      `${base}/%2e%2e/%2e%2e/%2e%2e/etc/passwd`,
      `${base}/../../../e${otherEventId}/vod/master.m3u8`,
      `${base}//etc/passwd`,
      `${base}/vod/master.m3u8%00.jpg`,
      `${base}/vod\\..\\..\\master.m3u8`,
      `${base}/vod/.master.m3u8`,
      `${base}/source/game.mp4`,
      `${base}/vod/master.txt`,
    ];
    for (const url of tricks) {
      const res = await t.get(url);
      expect([403, 404], url).toContain(res.statusCode);
      expect(res.headers['content-type']).toMatch(/json/);
    }
  });

  it('refuses dot segments that reach the server unnormalised', async () => {
    const p = await playback(eventId, await t.apiKey());
    const base = `/media/e/${eventId}/${tokenOf(p.stream!.url)}`;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    // Sent as raw bytes: HTTP clients (and inject) would normalise the dots away first.
    const raw = async (target: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
        });
        let data = '';
        socket.on('data', (chunk: Buffer) => (data += chunk.toString('latin1')));
        socket.on('end', () => resolve(data.split('\r\n')[0] ?? ''));
        socket.on('error', reject);
      });
    expect(await raw(`${base}/assets/poster.jpg`)).toBe('HTTP/1.1 200 OK');
    expect(await raw(`${base}/vod/../assets/poster.jpg`)).toBe('HTTP/1.1 404 Not Found');
    expect(await raw(`${base}/vod/./master.m3u8`)).toBe('HTTP/1.1 404 Not Found');
    expect(await raw(`${base}/../../e${otherEventId}/vod/master.m3u8`)).toMatch(/ 40[34] /);
  });

  it('limits a token to its scope: assets tokens play nothing, play tokens download nothing', async () => {
    const p = await playback(eventId, await t.apiKey());
    const assetsToken = tokenOf(p.assets.poster_url!);
    expect((await t.get(`/media/e/${eventId}/${assetsToken}/vod/master.m3u8`)).statusCode).toBe(
      403,
    );
    const playToken = tokenOf(p.stream!.url);
    expect((await t.get(`/media/e/${eventId}/${playToken}/download/event.mp4`)).statusCode).toBe(
      403,
    );
  });

  it('stops serving once the API key the token was issued to is revoked', async () => {
    const apiKey = await t.apiKey();
    const p = await playback(eventId, apiKey);
    await t.database.db
      .updateTable('api_keys')
      .set({ revoked_at: new Date() })
      .where('channel_id', '=', t.demoChannelId)
      .where('revoked_at', 'is', null)
      .where('created_at', '>=', new Date(Date.now() - 5_000))
      .execute();
    expect((await t.get(p.stream!.url)).statusCode).toBe(403);
  });

  it('serves pre-roll clips without a token, and nothing else under /media/prerolls', async () => {
    fs.mkdirSync(path.join(mediaDir, 'prerolls'), { recursive: true });
    fs.copyFileSync(
      path.join(fixture.dir, 'assets/preview.mp4'),
      path.join(mediaDir, 'prerolls/preroll-1.mp4'),
    );
    const res = await t.get('/media/prerolls/preroll-1.mp4');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect((await t.get('/media/prerolls/..%2fc1')).statusCode).toBe(404);
    expect((await t.get('/media/prerolls/missing.mp4')).statusCode).toBe(404);
  });
});
