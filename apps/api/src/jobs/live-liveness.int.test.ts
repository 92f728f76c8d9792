import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MEDIA_KIND } from '@rudy/contracts';
import { parseMediaPlaylist } from '@rudy/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoChannel } from '../db/seed/demo-channel.js';
import { eventPrefix } from '../modules/media/media-paths.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { keepOneGameLive } from '../test/one-live-game.js';
import { until } from '../test/until.js';
import { killGroup, startWorkerProcess } from '../test/worker-process.js';

/*
 * Issue 28, the chaos run's live gaps: kill -9 of the worker encoding a live game stopped its
 * recording for the encoder's lease (30 s) although the process was gone at once. A worker holds
 * a liveness lock (a PostgreSQL session advisory lock) for its life and names it in its leases:
 * its death closes its connection and frees the lock, and another worker, with no WORKER_ID nor a
 * restart involved, takes the game over at once instead of after the lease. While the first one
 * runs, the second never takes it. Needs a PostgreSQL server (two worker processes, one database).
 */

const onServer = Boolean(process.env.DATABASE_URL);
/** The default lease: today's takeover waits for it to lapse. */
const LEASE_SECONDS = 30;
/** Far below the lease: the other worker's next tick (5 s at most) and a busy machine's margin. */
const TAKEOVER_BOUND_MS = 12_000;

let database: TestDatabase;
let channelId = 0;
let eventId = 0;
let dataDir: string;
const workers: ChildProcess[] = [];

beforeAll(async () => {
  if (!onServer) return;
  database = await createTestDatabase();
  channelId = (await seedDemoChannel(database.db)).channelId;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-live-liveness-'));
  eventId = await keepOneGameLive(database.db, channelId);
}, 60_000);

afterAll(async () => {
  for (const w of workers) killGroup(w);
  await database?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const liveRows = () =>
  database.db
    .selectFrom('event_media')
    .select(['id', 'status', 'lease_owner', 'lease_until'])
    .where('event_id', '=', eventId)
    .where('kind', '=', MEDIA_KIND.live)
    .execute();
type Rows = Awaited<ReturnType<typeof liveRows>>;

/** The recording's segments so far (media sequence and listed), from the top rendition. */
function produced(): number {
  const file = path.join(dataDir, 'media', eventPrefix(channelId, eventId), 'live/v0/index.m3u8');
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  // ffmpeg rewrites the playlist in place: a torn read counts as nothing new.
  if (!text.startsWith('#EXTM3U') || !text.endsWith('\n')) return 0;
  const p = parseMediaPlaylist(text);
  return p.mediaSequence + p.segments.length;
}

/** A worker without a WORKER_ID (nothing to reclaim by), killed after the tests. */
async function startWorker() {
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

const ownedBy = (pid: number | undefined) => (rows: Rows) =>
  rows.length === 1 &&
  rows[0]?.status === 'live' &&
  rows[0].lease_owner?.startsWith(`worker-${pid}-`) === true;

describe.skipIf(!onServer)(
  'kill -9 of the worker encoding a live game, another one running',
  () => {
    it('the other worker takes the game over at once (its liveness lock is free), not after the lease', async () => {
      const a = await startWorker();
      const live = await until(liveRows, ownedBy(a.pid), 90_000);
      expect(ownedBy(a.pid)(live)).toBe(true);
      expect(await until(produced, (n) => n > 2, 30_000)).toBeGreaterThan(2);
      const b = await startWorker();

      // Watched all along: when each new segment appeared, and every owner the lease had.
      const appeared: { at: number; total: number }[] = [];
      const owners = new Set<string>();
      let watching = true;
      const watch = (async () => {
        while (watching) {
          const total = produced();
          if (total > (appeared.at(-1)?.total ?? 0)) appeared.push({ at: Date.now(), total });
          for (const r of await liveRows()) if (r.lease_owner) owners.add(r.lease_owner);
          await new Promise((r) => setTimeout(r, 100));
        }
      })();

      // B leaves the game alone while A runs (its ticks come every 5 s: several pass meanwhile).
      const first = appeared[0]?.total ?? 0;
      expect(await until(produced, (n) => n > first + 5, 40_000)).toBeGreaterThan(first + 5);
      expect(ownedBy(a.pid)(await liveRows())).toBe(true);

      killGroup(a);
      await new Promise((r) => a.once('exit', r));
      const killedAt = Date.now();
      const [lapsing] = await liveRows();
      const leaseUntil = lapsing?.lease_until?.getTime() ?? 0;
      // The lease has most of its time to run: today's takeover would wait for it.
      expect(leaseUntil - killedAt).toBeGreaterThan(TAKEOVER_BOUND_MS);
      const before = produced();

      const taken = await until(liveRows, ownedBy(b.pid), LEASE_SECONDS * 1000 + 30_000);
      const takenAt = Date.now();
      expect(ownedBy(b.pid)(taken)).toBe(true);
      expect(taken[0]?.id).toBe(lapsing?.id);
      expect(takenAt - killedAt).toBeLessThan(TAKEOVER_BOUND_MS);
      expect(takenAt).toBeLessThan(leaseUntil);

      // The same recording grows again, after a gap far shorter than the lease.
      expect(await until(produced, (n) => n > before + 1, 60_000)).toBeGreaterThan(before + 1);
      watching = false;
      await watch;
      const lastBefore = appeared.filter((s) => s.at <= killedAt).at(-1)?.at ?? killedAt;
      const firstAfter = appeared.find((s) => s.total > before)?.at ?? Date.now();
      expect(firstAfter - lastBefore).toBeLessThan(LEASE_SECONDS * 1000 - 5_000);

      // Never two encoders: only A's process, then B's, held the lease.
      const pids = [...owners].map((o) => /^worker-(\d+)-/.exec(o)?.[1]);
      expect(new Set(pids)).toEqual(new Set([String(a.pid), String(b.pid)]));
    }, 300_000);
  },
);
