import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Playback } from '@rudy/contracts';
import { testBucket } from '@rudy/media/s3-bucket.test-support';
import { loadConfig } from '../../config.js';
import { openDatabase, type DatabaseHandle } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { seedDemoChannel } from '../../db/seed/demo-channel.js';
import { attachVod, findEvent, makeTinyVod } from '../../test/media-fixtures.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { createTestDatabase } from '../../test/test-database.js';
import { eventPrefix } from './media-paths.js';
import { createMediaStorage } from './media-storage.js';

/*
 * Media in an S3-compatible bucket (s3rver, a real S3 server, in this process): a VOD published to
 * the bucket is played through the API (playlists read from the bucket by the API; segments and
 * images, once the token is checked, a redirect to a presigned address, the same for every
 * request of a window, with the edge's X-Accel-Redirect when an edge asks), deleted, and gone.
 * Then the same from the BUILT server started as production.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const bucket = testBucket('rudy-media', 'rudy-s3-media-');
let s3Env: Record<string, string>;
let fixture: { dir: string; durationSeconds: number };

beforeAll(async () => {
  await bucket.start();
  s3Env = { ...bucket.env, S3_PREFIX: 'league' };
  fixture = await makeTinyVod();
}, 120_000);

afterAll(async () => {
  await bucket.close();
  if (fixture) fs.rmSync(fixture.dir, { recursive: true, force: true });
});

/** Publishes the fixture's VOD and stills under the event's prefix, as the media jobs do. */
async function publish(
  storage: ReturnType<typeof createMediaStorage>,
  channelId: number,
  eventId: number,
) {
  const prefix = eventPrefix(channelId, eventId);
  for (const folder of ['vod', 'assets']) {
    const work = await storage.workDir('test');
    fs.cpSync(path.join(fixture.dir, folder), work, { recursive: true });
    await storage.importDir(`${prefix}/${folder}`, work);
  }
}

/** The bucket's keys under a prefix, read with the S3 API (not through the storage). */
async function bucketKeys(prefix: string): Promise<string[]> {
  const s3 = bucket.storage('probe');
  const page = await (
    await s3.client()
  ).send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `league/${prefix}` }));
  return (page.Contents ?? []).map((o) => o.Key ?? '');
}

/** The signing window of a presigned address (its X-Amz-Date): a new window is a new address. */
const signedAt = (address: string) => new URL(address, 'http://x').searchParams.get('X-Amz-Date');

/**
 * Two answers from one signing window: a pair asked as the window turned (CI crossed 13:00:00
 * between two requests) is asked again; windows last minutes, so the second pair is in one.
 */
async function inOneWindow(pair: () => Promise<[string, string]>): Promise<[string, string]> {
  const answers = await pair();
  return signedAt(answers[0]) === signedAt(answers[1].replace(/^\/_media_bucket/, ''))
    ? answers
    : pair();
}

/** Plays an event's VOD the way hls.js does: master, first variant, its first segment. */
async function play(
  get: (url: string, headers?: Record<string, string>) => Promise<Reply>,
  p: Playback,
) {
  const masterUrl = p.stream?.url ?? '';
  const master = await get(masterUrl);
  expect(master.status).toBe(200);
  const variant = master.text.split('\n').find((l) => l && !l.startsWith('#')) ?? '';
  const variantUrl = new URL(variant, `http://x${masterUrl}`).pathname;
  const playlist = await get(variantUrl);
  expect(playlist.status).toBe(200);
  const segment = playlist.text.split('\n').find((l) => l && !l.startsWith('#')) ?? '';
  const segmentUrl = new URL(segment, `http://x${variantUrl}`).pathname;
  // The bytes come from the bucket, not through the API: a presigned address, no S3 call made.
  const redirect = await get(segmentUrl);
  expect(redirect.status).toBe(302);
  expect(redirect.body.length).toBe(0);
  const location = redirect.location ?? '';
  expect(location).toMatch(new RegExp(`^${s3Env.S3_ENDPOINT}/rudy-media/league/c\\d+/e\\d+/vod/`));
  expect(location).toContain('X-Amz-Signature=');
  // Every viewer in the window is sent to the same address (a shared cache can keep it).
  const [first, again] = await inOneWindow(async () => [
    (await get(segmentUrl)).location ?? '',
    (await get(segmentUrl)).location ?? '',
  ]);
  expect(again).toBe(first);
  expect(redirect.accel).toBeUndefined();
  // An edge that follows addresses itself names its internal location and is told where to go.
  const [named, accel] = await inOneWindow(async () => [
    (await get(segmentUrl)).location ?? '',
    (await get(segmentUrl, { 'x-media-accel': '/_media_bucket' })).accel ?? '',
  ]);
  const target = new URL(named);
  expect(accel).toBe(`/_media_bucket${target.pathname}${target.search}`);
  // A header that is not a plain location name is ignored (no header injection).
  expect((await get(segmentUrl, { 'x-media-accel': '/a\tb' })).accel).toBeUndefined();
  const whole = await fetch(location);
  expect(whole.status).toBe(200);
  expect(whole.headers.get('content-type')).toBe('video/mp2t');
  const onDisk = fs.readFileSync(
    path.join(fixture.dir, 'vod', path.posix.dirname(variant), segment.split('?')[0] ?? ''),
  );
  expect(Buffer.from(await whole.arrayBuffer()).equals(onDisk)).toBe(true);
  const part = await fetch(location, { headers: { range: 'bytes=188-375' } });
  expect(part.status).toBe(206);
  expect(Buffer.from(await part.arrayBuffer()).equals(onDisk.subarray(188, 376))).toBe(true);
  const poster = await get(p.assets.poster_url ?? '');
  expect(poster.status).toBe(302);
  const image = Buffer.from(await (await fetch(poster.location ?? '')).arrayBuffer());
  expect(image.equals(fs.readFileSync(path.join(fixture.dir, 'assets/poster.jpg')))).toBe(true);
  // A request without the game's cookie, or with a forged one, is refused before any address is made.
  expect((await get(segmentUrl, { cookie: '' })).status).toBe(403);
  expect((await get(segmentUrl, { cookie: 'rudy_media=1.2.3.forged' })).status).toBe(403);
  return { masterUrl, segmentUrl, location };
}

interface Reply {
  status: number;
  text: string;
  body: Buffer;
  location?: string;
  accel?: string;
}

describe('media in an S3-compatible bucket, served through the API', () => {
  let t: TestContext;
  const localRoot = path.join(bucket.root, 'app-media');

  beforeAll(async () => {
    t = await createTestApp({ ...s3Env, MEDIA_DIR: localRoot });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('publishes, plays (master, variant, segment, range, poster), deletes', async () => {
    const config = loadConfig({ ...s3Env, MEDIA_DIR: localRoot });
    const storage = createMediaStorage(config);
    expect(storage.kind).toBe('s3');
    const id = await findEvent(t, { access: 'free', when: 'past' });
    await publish(storage, t.demoChannelId, id);
    // The rows only (the files attachVod copies go to a folder the app does not read).
    await attachVod(t, path.join(bucket.root, 'unused'), fixture, t.demoChannelId, id);
    const prefix = eventPrefix(t.demoChannelId, id);
    expect(await bucketKeys(`${prefix}/vod/`)).toContain(`league/${prefix}/vod/master.m3u8`);
    // Nothing of it on the app's disk: what is played comes from the bucket.
    expect(fs.existsSync(path.join(localRoot, prefix))).toBe(false);

    const apiKey = await t.apiKey();
    const res = await t.inject({
      method: 'GET',
      url: `/api/events/${id}/playback`,
      query: { api_key: apiKey },
    });
    expect(res.statusCode, res.body).toBe(200);
    // The game's media cookie, as a browser keeps it from the playback answer.
    const cookie = String(res.headers['set-cookie']).split(';')[0] ?? '';
    const get = async (url: string, headers: Record<string, string> = {}) => {
      const r = await t.inject({ method: 'GET', url, headers: { cookie, ...headers } });
      const header = (name: string) => {
        const v = r.headers[name];
        return typeof v === 'string' ? v : undefined;
      };
      return {
        status: r.statusCode,
        text: r.body,
        body: r.rawPayload,
        location: header('location'),
        accel: header('x-accel-redirect'),
      };
    };
    const { masterUrl, location } = await play(get, res.json<Playback>());

    await storage.delete(`${prefix}/`);
    expect(await bucketKeys(`${prefix}/`)).toEqual([]);
    expect((await fetch(location)).status).toBe(404);
    expect((await get(masterUrl)).status).toBe(404);
  });
});

describe('the built server in production with S3 settings', () => {
  let child: ChildProcess | undefined;
  let database: DatabaseHandle & { url?: string };
  let port = 0;
  let eventId = 0;
  let channelId = 0;
  const dataDir = path.join(bucket.root, 'prod-data');

  beforeAll(async () => {
    const build = spawnSync(process.execPath, ['scripts/build.mjs', 'api', '--if-stale'], {
      cwd: root,
      encoding: 'utf8',
    });
    if (build.status !== 0) throw new Error(`build failed: ${build.stderr}`);
    // Its database prepared here (production seeds nothing): PostgreSQL, or PGlite files.
    database = process.env.DATABASE_URL
      ? await createTestDatabase()
      : await openDatabase({ dataDir });
    await migrateToLatest(database.db);
    channelId = (await seedDemoChannel(database.db)).channelId;
    const fixtureCtx = { database, demoChannelId: channelId };
    eventId = await findEvent(fixtureCtx, { access: 'free', when: 'past' });
    await attachVod(fixtureCtx, path.join(bucket.root, 'unused'), fixture, channelId, eventId);
    const storage = createMediaStorage(
      loadConfig({ ...s3Env, MEDIA_DIR: path.join(bucket.root, 'x') }),
    );
    await publish(storage, channelId, eventId);
    if (!database.url) await database.close();

    child = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/main.js'], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? os.tmpdir(),
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://mail.example:587',
        PUBLIC_URL: 'https://watch.league.example',
        STRIPE_SECRET_KEY: 'sk_live_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        MEDIA_EDGE_SECRET: 'e'.repeat(40),
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'info',
        WORKER: 'false',
        WEB_DIST_DIR: path.join(bucket.root, 'no-web'),
        DATA_DIR: dataDir,
        MEDIA_DIR: path.join(bucket.root, 'prod-media'),
        ...(database.url ? { DATABASE_URL: database.url } : {}),
        ...s3Env,
      },
    });
    let stdout = '';
    child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    port = await new Promise<number>((resolve, reject) => {
      child?.stdout?.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const found = /"msg":"Server listening at http:\/\/127\.0\.0\.1:(\d+)"/.exec(stdout);
        if (found) resolve(Number(found[1]));
      });
      child?.once('exit', (code) => reject(new Error(`server exited (${code}): ${stdout}`)));
    });
    // The secret never reaches the log.
    expect(stdout).not.toContain('S3RVER');
  }, 180_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child?.once('exit', r));
    }
    if (database?.url) await database.close();
  });

  it('plays a VOD from the bucket', async () => {
    const base = `http://127.0.0.1:${port}`;
    const key = await fetch(`${base}/api/get_api_key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ channel_key: 'demo-hockey' }),
    });
    expect(key.status).toBe(200);
    const { api_key } = (await key.json()) as { api_key: string };
    const res = await fetch(`${base}/api/events/${eventId}/playback?api_key=${api_key}`);
    expect(res.status).toBe(200);
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const get = async (url: string, headers: Record<string, string> = {}) => {
      const r = await fetch(`${base}${url}`, {
        headers: { cookie, ...headers },
        redirect: 'manual',
      });
      const body = Buffer.from(await r.arrayBuffer());
      return {
        status: r.status,
        text: body.toString(),
        body,
        location: r.headers.get('location') ?? undefined,
        accel: r.headers.get('x-accel-redirect') ?? undefined,
      };
    };
    await play(get, (await res.json()) as Playback);
    expect(
      fs.existsSync(path.join(bucket.root, 'prod-media', eventPrefix(channelId, eventId))),
    ).toBe(false);
  });
});
