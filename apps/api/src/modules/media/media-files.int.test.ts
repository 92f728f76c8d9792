import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Playback } from '@rudy/contracts';
import { attachVod, findEvent, makeTinyVod } from '../../test/media-fixtures.js';
import { createTestApp, OTHER_CHANNEL_KEY, type TestContext } from '../../test/test-app.js';
import { eventPrefix } from './media-paths.js';

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
/** A game only registered viewers may watch. */
let registerEventId: number;

async function playback(id: number, apiKey: string): Promise<Playback> {
  const res = await t.get(`/api/events/${id}/playback`, { api_key: apiKey });
  expect(res.statusCode).toBe(200);
  return res.json<Playback>();
}
const tokenOf = (url: string) => url.split('/')[4] ?? '';

/** A viewer's playback answer and the game cookie it set (as `name=value`). */
async function watch(id: number, apiKey: string) {
  const res = await t.get(`/api/events/${id}/playback`, { api_key: apiKey });
  expect(res.statusCode).toBe(200);
  const setCookie = String(res.headers['set-cookie'] ?? '');
  return { p: res.json<Playback>(), setCookie, cookie: setCookie.split(';')[0] ?? '' };
}

const getWith = (url: string, cookie: string, headers: Record<string, string> = {}) =>
  t.inject({ method: 'GET', url, headers: { ...(cookie ? { cookie } : {}), ...headers } });

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
  registerEventId = await findEvent(t, { access: 'register', when: 'past' });
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

describe("a game's media at its shared address, under its cookie", () => {
  it('sets the cookie: HttpOnly, scoped to the game, short-lived; its URL is the same for two viewers', async () => {
    const a = await watch(eventId, await t.apiKey());
    const b = await watch(eventId, await t.apiKey());
    expect(a.setCookie).toMatch(
      new RegExp(
        `^rudy_media=\\d+\\.${t.demoChannelId}\\.\\d+\\.[\\w-]{22}; Path=/media/g/${eventId}/; Max-Age=300; HttpOnly; SameSite=Lax$`,
      ),
    );
    expect(a.cookie).not.toBe(b.cookie);
    expect(a.p.stream?.url).toBe(`/media/g/${eventId}/vod/master.m3u8`);
    expect(b.p.stream?.url).toBe(a.p.stream?.url);
    expect(new Date(a.p.stream!.expires_at).getTime() - clock).toBeLessThanOrEqual(300_000);
    // Every playlist and segment the two players resolve is the same address, with the same bytes.
    const files = async (v: { cookie: string; p: Playback }) => {
      const master = await getWith(v.p.stream!.url, v.cookie);
      const variant = master.body.split('\n').find((l) => l.endsWith('.m3u8'))!;
      const base = v.p.stream!.url.replace(/master\.m3u8$/, '');
      const media = await getWith(`${base}${variant}`, v.cookie);
      const segments = media.body.split('\n').filter((l) => l.endsWith('.ts'));
      return { master: master.body, media: media.body, segments, variant };
    };
    expect(await files(b)).toEqual(await files(a));
  });

  it('serves the master, child playlists and segments with caching headers that tell the truth', async () => {
    const { p, cookie } = await watch(eventId, await t.apiKey());
    const master = await getWith(p.stream!.url, cookie);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.headers['cache-control']).toBe('public, max-age=60');
    expect(master.headers.etag).toMatch(/^"[\w-]+"$/);
    const variant = master.body.split('\n').find((l) => l.endsWith('.m3u8'))!;
    const base = p.stream!.url.replace(/master\.m3u8$/, '');
    const media = await getWith(`${base}${variant}`, cookie);
    expect(media.body).toContain('#EXT-X-ENDLIST');
    expect(media.headers['cache-control']).toBe('public, max-age=60');
    const segment = media.body.split('\n').find((l) => l.endsWith('.ts'))!;
    const segmentUrl = `${base}${path.posix.dirname(variant)}/${segment}`;
    const seg = await getWith(segmentUrl, cookie);
    expect(seg.statusCode).toBe(200);
    expect(seg.headers['content-type']).toBe('video/mp2t');
    expect(seg.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(seg.headers.etag).toEqual(expect.any(String));
    expect(seg.headers['last-modified']).toEqual(expect.any(String));
    expect(seg.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte
    // Revalidations: a 304 without a body, for a segment and for a playlist.
    for (const [url, validator] of [
      [segmentUrl, { 'if-none-match': String(seg.headers.etag) }],
      [segmentUrl, { 'if-modified-since': String(seg.headers['last-modified']) }],
      [p.stream!.url, { 'if-none-match': String(master.headers.etag) }],
    ] as const) {
      const again = await getWith(url, cookie, validator);
      expect(again.statusCode, `${url} ${JSON.stringify(validator)}`).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers['cache-control']).toMatch(/^public/);
    }
    const changed = await getWith(p.stream!.url, cookie, { 'if-none-match': '"other"' });
    expect(changed.statusCode).toBe(200);
    const range = await getWith(segmentUrl, cookie, { range: 'bytes=0-99' });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/);
    expect(range.rawPayload.length).toBe(100);
    const poster = await t.get(p.assets.poster_url!);
    expect(poster.headers['content-type'], `${p.assets.poster_url} ${poster.body}`).toBe(
      'image/jpeg',
    );
    expect(poster.headers['cache-control']).toBe('private, max-age=86400');
  });

  it('reads a segment once for the crowd: plain GETs from memory, ranges and revalidations from disk, access checked every time', async () => {
    const viewer = await watch(eventId, await t.apiKey());
    // A key that is never checked before it is revoked (each process caches a check for 10 s).
    const revoked = await watch(eventId, await t.apiKey());
    const rest = 'vod/v0/seg_09999.ts';
    const file = path.join(mediaDir, eventPrefix(t.demoChannelId, eventId), rest);
    expect(fs.existsSync(path.dirname(file)), path.dirname(file)).toBe(true);
    const first = Buffer.alloc(4000, 0x47);
    fs.writeFileSync(file, first);
    try {
      const url = `/media/g/${eventId}/${rest}`;
      const read = await getWith(url, viewer.cookie);
      expect(read.statusCode).toBe(200);
      expect(read.rawPayload.equals(first)).toBe(true);
      // The same length and another mtime: what is on disk now differs from the copy in memory.
      fs.writeFileSync(file, Buffer.alloc(4000, 0x11));
      fs.utimesSync(file, new Date(), new Date(Date.now() + 60_000));
      const again = await getWith(url, viewer.cookie);
      expect(again.statusCode).toBe(200);
      expect(again.rawPayload.equals(first)).toBe(true);
      for (const name of ['etag', 'last-modified', 'content-length', 'accept-ranges']) {
        expect(again.headers[name], name).toBe(read.headers[name]);
      }
      expect(again.headers['content-type']).toBe('video/mp2t');
      expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(again.headers['x-content-type-options']).toBe('nosniff');
      // A range and a revalidation are send's, from the disk.
      const range = await getWith(url, viewer.cookie, { range: 'bytes=0-9' });
      expect(range.statusCode).toBe(206);
      expect(range.rawPayload.equals(Buffer.alloc(10, 0x11))).toBe(true);
      const stale = await getWith(url, viewer.cookie, {
        'if-none-match': String(read.headers.etag),
      });
      expect(stale.statusCode).toBe(200);
      expect(stale.rawPayload.equals(Buffer.alloc(4000, 0x11))).toBe(true);
      // The copy opens nothing: no cookie, another game's, a revoked key's.
      expect((await getWith(url, '')).statusCode).toBe(403);
      const other = await watch(otherEventId, await t.apiKey());
      expect((await getWith(url, other.cookie)).statusCode).toBe(403);
      await t.database.db
        .updateTable('api_keys')
        .set({ revoked_at: new Date() })
        .where('id', '=', revoked.cookie.split('.')[2] ?? '')
        .execute();
      expect((await getWith(url, revoked.cookie)).statusCode).toBe(403);
      expect((await getWith(url, viewer.cookie)).rawPayload.equals(first)).toBe(true);
    } finally {
      fs.rmSync(file, { force: true });
    }
  });

  it('refuses a segment with no cookie, or a forged or malformed one', async () => {
    const { p, cookie } = await watch(eventId, await t.apiKey());
    const url = p.stream!.url;
    const forged = `${cookie.slice(0, -4)}AAAA`;
    const later = cookie.replace(/^rudy_media=\d+/, 'rudy_media=9999999999');
    for (const presented of ['', forged, later, 'rudy_media=', 'rudy_media=1.2.3']) {
      const res = await getWith(url, presented);
      expect(res.statusCode, presented).toBe(403);
      expect(res.json<{ code: string }>().code).toBe('media_token_invalid');
    }
    expect((await getWith(url, `other=1; ${cookie}`)).statusCode).toBe(200);
  });

  it('refuses an expired cookie', async () => {
    const { p, cookie } = await watch(eventId, await t.apiKey());
    expect((await getWith(p.stream!.url, cookie)).statusCode).toBe(200);
    const saved = clock;
    clock = new Date(p.stream!.expires_at).getTime() + 1_000;
    try {
      expect((await getWith(p.stream!.url, cookie)).statusCode).toBe(403);
    } finally {
      clock = saved;
    }
  });

  it("refuses another game's cookie and another channel's cookie", async () => {
    const { cookie } = await watch(eventId, await t.apiKey());
    expect((await getWith(`/media/g/${otherEventId}/vod/master.m3u8`, cookie)).statusCode).toBe(
      403,
    );
    const other = await watch(otherChannelEventId, await t.apiKey(OTHER_CHANNEL_KEY));
    expect((await getWith(`/media/g/${eventId}/vod/master.m3u8`, other.cookie)).statusCode).toBe(
      403,
    );
    // Its own game plays, from its own channel's files only.
    expect((await getWith(other.p.stream!.url, other.cookie)).statusCode).toBe(200);
  });

  it('refuses path tricks: encoded or plain traversal, absolute paths, NUL, backslashes', async () => {
    const { cookie } = await watch(eventId, await t.apiKey());
    const base = `/media/g/${eventId}`;
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
      const res = await getWith(url, cookie);
      expect([403, 404], url).toContain(res.statusCode);
      expect(res.headers['content-type']).toMatch(/json/);
    }
  });

  it('refuses dot segments that reach the server unnormalised', async () => {
    const { p, cookie } = await watch(eventId, await t.apiKey());
    const base = `/media/e/${eventId}/${tokenOf(p.assets.poster_url!)}`;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    // Sent as raw bytes: HTTP clients (and inject) would normalise the dots away first.
    const raw = async (target: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.write(
            `GET ${target} HTTP/1.1\r\nHost: localhost\r\nCookie: ${cookie}\r\nConnection: close\r\n\r\n`,
          );
        });
        let data = '';
        socket.on('data', (chunk: Buffer) => (data += chunk.toString('latin1')));
        socket.on('end', () => resolve(data.split('\r\n')[0] ?? ''));
        socket.on('error', reject);
      });
    expect(await raw(`${base}/assets/poster.jpg`)).toBe('HTTP/1.1 200 OK');
    expect(await raw(`${base}/vod/../assets/poster.jpg`)).toBe('HTTP/1.1 404 Not Found');
    const game = `/media/g/${eventId}`;
    expect(await raw(`${game}/vod/master.m3u8`)).toBe('HTTP/1.1 200 OK');
    expect(await raw(`${game}/vod/./master.m3u8`)).toBe('HTTP/1.1 404 Not Found');
    expect(await raw(`${game}/../${otherEventId}/vod/master.m3u8`)).toMatch(/ 40[34] /);
  });

  it('limits each to its scope: assets tokens play nothing, the game cookie and play tokens download nothing', async () => {
    const { p, cookie } = await watch(eventId, await t.apiKey());
    const assetsToken = tokenOf(p.assets.poster_url!);
    expect((await t.get(`/media/e/${eventId}/${assetsToken}/vod/master.m3u8`)).statusCode).toBe(
      403,
    );
    expect((await getWith(`/media/g/${eventId}/download/event.mp4`, cookie)).statusCode).toBe(403);
    // A device's play token (stream.device_url) plays, and downloads nothing either.
    const deviceToken = tokenOf(p.stream!.device_url!);
    expect((await t.get(p.stream!.device_url!)).statusCode).toBe(200);
    expect((await t.get(`/media/e/${eventId}/${deviceToken}/download/event.mp4`)).statusCode).toBe(
      403,
    );
  });

  it('stops serving once the API key the cookie was issued to is revoked', async () => {
    const apiKey = await t.apiKey();
    const { p, cookie } = await watch(eventId, apiKey);
    await t.database.db
      .updateTable('api_keys')
      .set({ revoked_at: new Date() })
      .where('channel_id', '=', t.demoChannelId)
      .where('revoked_at', 'is', null)
      .where('created_at', '>=', new Date(Date.now() - 5_000))
      .execute();
    // Not checked before the revocation here (each process caches a key's check for 10 s).
    expect((await getWith(p.stream!.url, cookie)).statusCode).toBe(403);
  });

  it('takes the cookie away when the viewer may no longer watch', async () => {
    const res = await t.get(`/api/events/${registerEventId}/playback`, {
      api_key: await t.apiKey(),
    });
    expect(res.json<Playback>().stream).toBeNull();
    expect(res.headers['set-cookie']).toBe(
      `rudy_media=; Path=/media/g/${registerEventId}/; Max-Age=0; HttpOnly; SameSite=Lax`,
    );
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
