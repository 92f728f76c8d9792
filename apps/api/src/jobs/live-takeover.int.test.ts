import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { MEDIA_KIND } from '@rudy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoChannel } from '../db/seed/demo-channel.js';
import { eventPrefix } from '../modules/media/media-paths.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { killGroup, startWorkerProcess } from '../test/worker-process.js';

/*
 * A live encoder is owned by one worker through a lease on its live media row. kill -9 of that
 * worker (and its ffmpeg, as when a machine dies): once the lease lapses, another worker takes the
 * game over and the recording goes on; never two owners at once. Needs a PostgreSQL server (two
 * worker processes on one database).
 */

const onServer = Boolean(process.env.DATABASE_URL);
const LEASE_SECONDS = 6;

let database: TestDatabase;
let channelId = 0;
let eventId = 0;
let dataDir: string;
const workers: ChildProcess[] = [];

beforeAll(async () => {
  if (!onServer) return;
  database = await createTestDatabase();
  channelId = (await seedDemoChannel(database.db)).channelId;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-live-takeover-'));
  const db = database.db;
  // One game on now (the others moved to tomorrow), and nothing else for the workers to do:
  // finished games count as having their VOD, no demo pre-rolls to render.
  const live = await db
    .selectFrom('events')
    .select('id')
    .where('channel_id', '=', channelId)
    .where('event_utc_ts', '<=', sql<Date>`now()`)
    .where(sql<Date>`event_utc_ts + duration_minutes * interval '1 minute'`, '>', sql<Date>`now()`)
    .orderBy('id')
    .execute();
  const [first, ...others] = live;
  if (!first) throw new Error('the demo channel has no game on now');
  eventId = first.id;
  if (others.length > 0) {
    await db
      .updateTable('events')
      .set({ event_utc_ts: sql<Date>`now() + interval '1 day'` })
      .where(
        'id',
        'in',
        others.map((o) => o.id),
      )
      .execute();
  }
  const finished = await db
    .selectFrom('events')
    .select('id')
    .where('channel_id', '=', channelId)
    .where(sql<Date>`event_utc_ts + duration_minutes * interval '1 minute'`, '<=', sql<Date>`now()`)
    .execute();
  for (const f of finished) {
    await db
      .insertInto('event_media')
      .values({
        channel_id: channelId,
        event_id: f.id,
        kind: MEDIA_KIND.vod,
        storage_key: `${eventPrefix(channelId, f.id)}/vod/master.m3u8`,
        status: 'ready',
      })
      .execute();
  }
  await db.deleteFrom('prerolls').where('channel_id', '=', channelId).execute();
}, 60_000);

afterAll(async () => {
  for (const w of workers) killGroup(w);
  await database?.close();
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

/** Segments listed in the top rendition's live playlist. */
function segmentCount(): number {
  const file = path.join(dataDir, 'media', eventPrefix(channelId, eventId), 'live/v0/index.m3u8');
  if (!fs.existsSync(file)) return 0;
  return (fs.readFileSync(file, 'utf8').match(/#EXTINF/g) ?? []).length;
}

/** A worker on this test's database, killed after the tests. */
async function startWorker(): Promise<ChildProcess> {
  const child = await startWorkerProcess(
    {
      DATABASE_URL: database.url ?? '',
      DATA_DIR: dataDir,
      DEMO_MEDIA_CHANNELS: 'demo-hockey',
      LIVE_ENCODER_LEASE_SECONDS: String(LEASE_SECONDS),
      COMMERCE_JOB_INTERVAL_MS: '0',
    },
    { detached: true },
  );
  workers.push(child);
  return child;
}

describe.skipIf(!onServer)('kill -9 of the worker running a live encoder', () => {
  it('another worker takes the game over once the lease lapses, and the recording goes on', async () => {
    const first = await startWorker();
    const ownedBy = (pid: number | undefined) => (rows: Awaited<ReturnType<typeof liveRows>>) =>
      rows.length === 1 &&
      rows[0]?.status === 'live' &&
      rows[0].lease_owner?.startsWith(`worker-${pid}-`) === true;
    const live = await until(liveRows, ownedBy(first.pid), 90_000);
    expect(ownedBy(first.pid)(live)).toBe(true);
    await until(
      () => Promise.resolve(segmentCount()),
      (n) => n > 0,
      20_000,
    );

    // A second worker started meanwhile leaves the game alone while the lease is renewed.
    const second = await startWorker();
    await new Promise((r) => setTimeout(r, LEASE_SECONDS * 1000 + 2_000));
    expect(ownedBy(first.pid)(await liveRows())).toBe(true);

    killGroup(first);
    await new Promise((r) => first.once('exit', r));
    const killedAt = Date.now();
    const [lapsing] = await liveRows();
    const leaseUntil = lapsing?.lease_until?.getTime() ?? 0;
    const before = segmentCount();

    const taken = await until(liveRows, ownedBy(second.pid), 60_000);
    const takenAt = Date.now();
    expect(ownedBy(second.pid)(taken)).toBe(true);
    // Never two owners: not before the first one's lease lapsed; and within a lease and a tick
    // (a margin for the loop check and a busy machine).
    expect(takenAt).toBeGreaterThanOrEqual(leaseUntil);
    expect(takenAt - killedAt).toBeLessThan((LEASE_SECONDS + LEASE_SECONDS / 3) * 1000 + 10_000);
    // One live row, the same recording, and it grows again.
    expect(taken[0]?.id).toBe(lapsing?.id);
    const grown = await until(
      () => Promise.resolve(segmentCount()),
      (n) => n > before,
      30_000,
    );
    expect(grown).toBeGreaterThan(before);

    killGroup(second);
  }, 240_000);
});
