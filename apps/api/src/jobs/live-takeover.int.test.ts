import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MEDIA_KIND } from '@rudy/contracts';
import { parseMediaPlaylist } from '@rudy/media';
import { testBucket } from '@rudy/media/s3-bucket.test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoChannel } from '../db/seed/demo-channel.js';
import { eventPrefix } from '../modules/media/media-paths.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { keepOneGameLive } from '../test/one-live-game.js';
import { killGroup, startWorkerProcess } from '../test/worker-process.js';

/*
 * A live encoder is owned by one worker through a lease on its live media row. kill -9 of that
 * worker (and its ffmpeg, as when a machine dies): its liveness lock goes with its connection, so
 * another worker takes the game over at once (before the lease lapses) and the recording goes on;
 * never two owners at once. On one disk, and with a bucket
 * (s3rver) and a disk per worker (two machines): there the segments are in the bucket while the
 * game is on, and the second worker continues the same playlist in the bucket. Needs a PostgreSQL
 * server (two worker processes on one database).
 */

const onServer = Boolean(process.env.DATABASE_URL);
const LEASE_SECONDS = 6;

let database: TestDatabase;
let channelId = 0;
let eventId = 0;
let dataDir: string;
const workers: ChildProcess[] = [];
const s3 = testBucket('live', 'rudy-live-bucket-');

beforeAll(async () => {
  if (!onServer) return;
  database = await createTestDatabase();
  channelId = (await seedDemoChannel(database.db)).channelId;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-live-takeover-'));
  eventId = await keepOneGameLive(database.db, channelId);
  await s3.start();
}, 60_000);

afterAll(async () => {
  for (const w of workers) killGroup(w);
  await database?.close();
  await s3.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const liveRows = () =>
  database.db
    .selectFrom('event_media')
    .select(['id', 'status', 'lease_owner', 'lease_until', 'storage_key'])
    .where('event_id', '=', eventId)
    .where('kind', '=', MEDIA_KIND.live)
    .execute();

async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms: number) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

const livePrefix = () => `${eventPrefix(channelId, eventId)}/live`;

/** The top rendition's live playlist on the one disk ('' while there is none). */
function playlistOnDisk(): Promise<string> {
  const file = path.join(dataDir, 'media', livePrefix(), 'v0/index.m3u8');
  return Promise.resolve(fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');
}

/** The bucket, read with its own calls (not through a worker's disk). */
const bucket = () => s3.storage('probe').objects;

async function playlistInBucket(): Promise<string> {
  return (await bucket().getText(`${livePrefix()}/v0/index.m3u8`)) ?? '';
}

const listed = (text: string) => (text.startsWith('#EXTM3U') ? parseMediaPlaylist(text) : null);
const segmentCount = (text: string) => listed(text)?.segments.length ?? 0;

/** A worker on this test's database, killed after the tests. */
async function startWorker(env: Record<string, string>): Promise<ChildProcess> {
  const child = await startWorkerProcess(
    {
      DATABASE_URL: database.url ?? '',
      DEMO_MEDIA_CHANNELS: 'demo-hockey',
      LIVE_ENCODER_LEASE_SECONDS: String(LEASE_SECONDS),
      COMMERCE_JOB_INTERVAL_MS: '0',
      ...env,
    },
    { detached: true },
  );
  workers.push(child);
  return child;
}

/**
 * The first worker encodes the game; a second one started meanwhile leaves it alone, takes it over
 * after kill -9 of the first, and the playlist `read` gives grows again. Returns the playlist
 * before the kill and after the takeover.
 */
async function takeOver(
  envOf: (worker: number) => Record<string, string>,
  read: () => Promise<string>,
) {
  const first = await startWorker(envOf(1));
  const ownedBy = (pid: number | undefined) => (rows: Awaited<ReturnType<typeof liveRows>>) =>
    rows.length === 1 &&
    rows[0]?.status === 'live' &&
    rows[0].lease_owner?.startsWith(`worker-${pid}-`) === true;
  const live = await until(liveRows, ownedBy(first.pid), 90_000);
  expect(ownedBy(first.pid)(live)).toBe(true);
  await until(read, (t) => segmentCount(t) > 0, 20_000);

  // A second worker started meanwhile leaves the game alone while the lease is renewed.
  const second = await startWorker(envOf(2));
  await new Promise((r) => setTimeout(r, LEASE_SECONDS * 1000 + 2_000));
  expect(ownedBy(first.pid)(await liveRows())).toBe(true);

  killGroup(first);
  await new Promise((r) => first.once('exit', r));
  const killedAt = Date.now();
  const [lapsing] = await liveRows();
  const leaseUntil = lapsing?.lease_until?.getTime() ?? 0;
  const before = await read();

  const taken = await until(liveRows, ownedBy(second.pid), 60_000);
  const takenAt = Date.now();
  expect(ownedBy(second.pid)(taken)).toBe(true);
  // Never two owners: only once the first one is gone (it exited above, and its liveness lock
  // with its connection), and then at once: before its lease would have lapsed.
  expect(takenAt).toBeLessThan(leaseUntil);
  expect(takenAt - killedAt).toBeLessThan((LEASE_SECONDS + LEASE_SECONDS / 3) * 1000 + 10_000);
  // One live row, the same recording, and it grows again.
  expect(taken[0]?.id).toBe(lapsing?.id);
  const after = await until(read, (t) => segmentCount(t) > segmentCount(before) + 1, 30_000);
  expect(segmentCount(after)).toBeGreaterThan(segmentCount(before) + 1);
  killGroup(second);
  await new Promise((r) => second.once('exit', r));
  return { before, after };
}

describe.skipIf(!onServer)('kill -9 of the worker running a live encoder', () => {
  it('another worker takes the game over at once, and the recording goes on', async () => {
    await takeOver(() => ({ DATA_DIR: dataDir }), playlistOnDisk);
  }, 240_000);

  it('with a bucket and a disk per worker: the segments are in the bucket, and the second worker continues the same playlist there', async () => {
    // The first case's recording and row are gone: this game starts afresh, in the bucket.
    await database.db
      .deleteFrom('event_media')
      .where('event_id', '=', eventId)
      .where('kind', '=', MEDIA_KIND.live)
      .execute();
    const disks = [1, 2].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-live-machine-')));
    try {
      const { before, after } = await takeOver(
        (worker) => ({ ...s3.env, DATA_DIR: disks[worker - 1] ?? '' }),
        playlistInBucket,
      );
      const was = listed(before);
      const now = listed(after);
      if (!was || !now) throw new Error('no playlist in the bucket');
      // Every segment the bucket's playlist names is in the bucket, both renditions.
      const keys = new Set(await bucket().list(`${livePrefix()}/`));
      for (const s of now.segments) expect(keys).toContain(`${livePrefix()}/v0/${s.uri}`);
      expect(keys).toContain(`${livePrefix()}/v1/index.m3u8`);
      expect(keys).toContain(`${livePrefix()}/master.m3u8`);
      // The same playlist continued: same media sequence, what was listed still listed first, in
      // order; the new segments numbered on after a discontinuity (the encoder restarted).
      expect(now.mediaSequence).toBe(was.mediaSequence);
      const names = now.segments.map((s) => s.uri);
      expect(names.slice(0, was.segments.length)).toEqual(was.segments.map((s) => s.uri));
      expect(new Set(names).size).toBe(names.length);
      const resumed = now.segments.slice(was.segments.length);
      expect(resumed.some((s) => s.discontinuity)).toBe(true);
      // The second machine's disk never had the first one's segments: it continued from the bucket.
      const theirs = was.segments[0]?.uri ?? '';
      expect(fs.existsSync(path.join(disks[1] ?? '', 'media', livePrefix(), 'v0', theirs))).toBe(
        false,
      );
    } finally {
      for (const d of disks) fs.rmSync(d, { recursive: true, force: true });
    }
  }, 300_000);
});
