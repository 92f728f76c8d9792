import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Playback } from '@rudy/contracts';
// The deployable recipe itself (deploy/nginx), rendered as an operator renders it.
import { writeEdgeConf } from '../../../../../deploy/nginx/render.mjs';
import { attachVod, findEvent, makeTinyVod } from '../../test/media-fixtures.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { createGameMediaCookies } from './game-media-cookie.js';

/*
 * The edge recipe (deploy/nginx) with Debian's nginx in front of the API: a game's segment is
 * cached once for every viewer, and the edge itself answers 403 to a request without a valid
 * cookie for that game, even for a file it holds. CI installs nginx; elsewhere the file is skipped
 * when nginx is missing.
 */

const NGINX = process.env.NGINX ?? '/usr/sbin/nginx';
const SECRET = 'edge-test-0123456789abcdefghijklmnopqrstuvwxyz';
const hasNginx = fs.existsSync(NGINX) || Boolean(process.env.CI);

let t: TestContext;
let tmp: string;
let nginx: ChildProcess | undefined;
let edge = '';
let eventId: number;
let otherEventId: number;
let fixture: { dir: string; durationSeconds: number };

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

async function untilListening(port: number) {
  for (let i = 0; i < 100; i += 1) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (up) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nginx did not listen on ${port}`);
}

/** A viewer: a key of its own, the game's playback answer and the cookie it set. */
async function viewer(id: number) {
  const apiKey = await t.apiKey();
  const res = await fetch(`${edge}/api/events/${id}/playback?api_key=${apiKey}`);
  expect(res.status).toBe(200);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return { apiKey, cookie, playback: (await res.json()) as Playback };
}

const get = (url: string, cookie: string, headers: Record<string, string> = {}) =>
  fetch(`${edge}${url}`, { headers: { ...(cookie ? { cookie } : {}), ...headers } });

/** The game's rendition playlist and its segments' addresses, through the edge. */
async function segmentsOf(masterUrl: string, cookie: string) {
  const master = await (await get(masterUrl, cookie)).text();
  const variant = master.split('\n').find((l) => l.endsWith('.m3u8')) ?? '';
  const variantUrl = new URL(variant, `http://x${masterUrl}`).pathname;
  const playlist = await (await get(variantUrl, cookie)).text();
  return playlist
    .split('\n')
    .filter((l) => l.endsWith('.ts'))
    .map((s) => new URL(s, `http://x${variantUrl}`).pathname);
}

describe.skipIf(!hasNginx)('the nginx edge recipe in front of the API', () => {
  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-edge-nginx-'));
    // Long enough for several segments: one the edge holds, one it must still ask for.
    fixture = await makeTinyVod(10);
    t = await createTestApp({ MEDIA_DIR: path.join(tmp, 'media'), MEDIA_EDGE_SECRET: SECRET });
    eventId = await findEvent(t, { access: 'free', when: 'past' });
    const other = await t.database.db
      .selectFrom('events')
      .select('id')
      .where('channel_id', '=', t.demoChannelId)
      .where('access_type', '=', 'free')
      .where('id', '!=', eventId)
      .executeTakeFirstOrThrow();
    otherEventId = other.id;
    await attachVod(t, path.join(tmp, 'media'), fixture, t.demoChannelId, eventId);
    await attachVod(t, path.join(tmp, 'media'), fixture, t.demoChannelId, otherEventId);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const origin = (t.app.server.address() as AddressInfo).port;
    const port = await freePort();
    const dir = path.join(tmp, 'nginx');
    const conf = path.join(tmp, 'nginx.conf');
    writeEdgeConf(conf, {
      secret: SECRET,
      listen: `127.0.0.1:${port}`,
      origins: [`127.0.0.1:${origin}`],
      dir,
      workers: '1',
      ...(process.getuid?.() === 0 ? { user: 'root' } : {}),
    });
    const check = spawnSync(NGINX, ['-t', '-q', '-p', dir, '-e', `${dir}/error.log`, '-c', conf], {
      encoding: 'utf8',
    });
    expect(check.status, check.stderr).toBe(0);
    nginx = spawn(NGINX, ['-p', dir, '-e', `${dir}/error.log`, '-c', conf, '-g', 'daemon off;'], {
      stdio: 'inherit',
    });
    await untilListening(port);
    edge = `http://127.0.0.1:${port}`;
  }, 120_000);

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((r) => nginx?.once('exit', r));
      nginx.kill('SIGQUIT');
      await exited;
    }
    await t?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
    if (fixture) fs.rmSync(fixture.dir, { recursive: true, force: true });
  });

  it('serves two viewers the same segment addresses, the second from its cache', async () => {
    const a = await viewer(eventId);
    const b = await viewer(eventId);
    expect(a.cookie).not.toBe(b.cookie);
    const segments = await segmentsOf(a.playback.stream!.url, a.cookie);
    expect(await segmentsOf(b.playback.stream!.url, b.cookie)).toEqual(segments);
    const first = await get(segments[0]!, a.cookie);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('MISS');
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await first.arrayBuffer());
    const second = await get(segments[0]!, b.cookie);
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(Buffer.from(await second.arrayBuffer()).equals(bytes)).toBe(true);
    // A revalidation is answered by the edge with a 304.
    const again = await get(segments[0]!, b.cookie, {
      'if-none-match': first.headers.get('etag') ?? '',
    });
    expect(again.status).toBe(304);
    const playlist = await get(a.playback.stream!.url, a.cookie);
    const unchanged = await get(a.playback.stream!.url, a.cookie, {
      'if-none-match': playlist.headers.get('etag') ?? '',
    });
    expect(unchanged.status).toBe(304);
  });

  it('refuses, at the edge, a cached segment with no cookie, a forged one, another game’s or an expired one', async () => {
    const a = await viewer(eventId);
    const [segment = ''] = await segmentsOf(a.playback.stream!.url, a.cookie);
    expect((await get(segment, a.cookie)).status).toBe(200);
    const otherGame = await viewer(otherEventId);
    const cookies = createGameMediaCookies(SECRET, 300);
    const [, channel = '', key = ''] = a.cookie.replace('rudy_media=', '').split('.');
    const expired = cookies.value({
      eventId,
      channelId: Number(channel),
      keyId: key,
      expiresAt: new Date(Date.now() - 60_000),
    });
    for (const cookie of [
      '',
      `${a.cookie.slice(0, -4)}AAAA`,
      otherGame.cookie,
      `rudy_media=${expired}`,
    ]) {
      const res = await get(segment, cookie);
      expect(res.status, cookie).toBe(403);
      // nginx's own page, not the origin's JSON: the edge decided.
      expect(res.headers.get('content-type'), cookie).toMatch(/text\/html/);
    }
    // The other game's cookie opens its own game.
    const own = await segmentsOf(otherGame.playback.stream!.url, otherGame.cookie);
    expect((await get(own[0]!, otherGame.cookie)).status).toBe(200);
  });

  it("refuses a revoked key's cookie for what the edge must ask the origin", async () => {
    const a = await viewer(eventId);
    const segments = await segmentsOf(a.playback.stream!.url, a.cookie);
    const cached = segments[0]!;
    expect((await get(cached, a.cookie)).status).toBe(200);
    // The key revoked (as logout does): the cookie names it.
    const keyId = a.cookie.split('.')[2] ?? '';
    await t.database.db
      .updateTable('api_keys')
      .set({ revoked_at: new Date() })
      .where('id', '=', keyId)
      .execute();
    // A file not in the edge's cache yet: the origin checks the key, and refuses.
    const uncached = segments.at(-1)!;
    const refused = await get(uncached, a.cookie);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('media_token_invalid');
    // The trade-off (docs/security.md): a file the edge holds is served to that cookie until it
    // expires, at most MEDIA_TOKEN_TTL_SECONDS later.
    expect((await get(cached, a.cookie)).status).toBe(200);
  });
});
