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
 * A worker with a stable identity (WORKER_ID, as a supervisor gives it) killed with -9 while it
 * encodes a live game: restarted, it takes its game back at once instead of after the encoder's
 * lease, so the recording's gap is the outage and a few segments, not the lease. Another worker
 * running while it lives never encodes the game, and a second process with the same WORKER_ID is
 * refused. Needs a PostgreSQL server (several worker processes on one database).
 *
 * And without a WORKER_ID nor a restart (issue 28, the chaos run's live gaps): each worker process
 * holds a liveness lock (a session advisory lock) and names it in its leases; its death closes its
 * connection and frees the lock, so another running worker takes the game over at once instead of
 * after the lease. While the first one runs, the second never takes it.
 */

const onServer = Boolean(process.env.DATABASE_URL);
/** The default lease: the gap today (the lease waited out) would be this long at least. */
const LEASE_SECONDS = 30;
/** Past the outage: the first tick, the encoder's start and its first segments on a busy machine. */
const RESUME_BOUND_MS = 12_000;
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
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-live-restart-'));
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

/** A worker with this identity (none: a new one per process), its log kept; killed after the tests. */
async function startWorker(workerId?: string) {
  const child = await startWorkerProcess(
    {
      DATABASE_URL: database.url ?? '',
      DATA_DIR: dataDir,
      DEMO_MEDIA_CHANNELS: 'demo-hockey',
      LIVE_ENCODER_LEASE_SECONDS: String(LEASE_SECONDS),
      COMMERCE_JOB_INTERVAL_MS: '0',
      ...(workerId ? { WORKER_ID: workerId } : {}),
    },
    { detached: true },
  );
  workers.push(child);
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  return { child, output: () => output };
}

const ownedBy = (id: string) => (rows: Rows) =>
  rows.length === 1 &&
  rows[0]?.status === 'live' &&
  rows[0].lease_owner?.endsWith(`@${id}/worker`) === true;

describe.skipIf(!onServer)('kill -9 of a worker with a WORKER_ID encoding a live game', () => {
  it('its restart takes the game back at once: the gap is the outage, and the other worker never encodes it', async () => {
    const a = await startWorker('live-a');
    const live = await until(liveRows, ownedBy('live-a'), 90_000);
    expect(ownedBy('live-a')(live)).toBe(true);
    await until(
      () => Promise.resolve(produced()),
      (n) => n > 2,
      30_000,
    );
    const b = await startWorker('live-b');

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

    // The other worker leaves the game alone while the lease is renewed.
    await until(
      () => Promise.resolve(produced()),
      (n) => n > (appeared[0]?.total ?? 0) + 3,
      30_000,
    );
    // Stopped before the kill: a running worker would now take the dead one's game at once too
    // (its liveness lock is free: the last test below); here the restart's own reclaim is shown.
    killGroup(b.child);
    await new Promise((r) => b.child.once('exit', r));
    killGroup(a.child);
    await new Promise((r) => a.child.once('exit', r));
    const killedAt = Date.now();
    const [lapsing] = await liveRows();
    const leaseUntil = lapsing?.lease_until?.getTime() ?? 0;
    const before = produced();

    // Restarted under the same identity, as its supervisor does.
    const again = await startWorker('live-a');
    const backAt = Date.now();
    const resumed = await until(
      () => Promise.resolve(produced()),
      (n) => n > before + 2,
      LEASE_SECONDS * 1000 + 30_000,
    );
    const takenAt = Date.now();
    watching = false;
    await watch;
    expect(resumed).toBeGreaterThan(before + 2);

    // The game was taken back long before its lease would have lapsed...
    const [row] = await liveRows();
    expect(row?.id).toBe(lapsing?.id);
    expect(row?.lease_owner).toMatch(
      new RegExp(`^worker-${again.child.pid}-[0-9a-f]+@live-a/worker$`),
    );
    expect(takenAt).toBeLessThan(leaseUntil);
    // ...so the recording's gap (last segment before the kill to the first after it) is the
    // outage (kill to the restarted worker running) and a small bound, not the lease.
    const lastBefore = appeared.filter((s) => s.at <= killedAt).at(-1)?.at ?? killedAt;
    const firstAfter = appeared.find((s) => s.at > killedAt && s.total > before)?.at ?? takenAt;
    const outage = backAt - killedAt;
    expect(firstAfter - lastBefore).toBeLessThanOrEqual(outage + RESUME_BOUND_MS);

    // Never two encoders: only live-a's processes ever held the lease; live-b never started one.
    expect([...owners].every((o) => o.endsWith('@live-a/worker'))).toBe(true);
    expect(b.output()).not.toContain('live encoder started');
  }, 300_000);

  it('a second process with the same WORKER_ID is refused while the first runs', async () => {
    await expect(startWorker('live-a')).rejects.toThrow(/WORKER_ID live-a is in use/);
    // The game stays with the running one.
    expect(ownedBy('live-a')(await liveRows())).toBe(true);
  }, 120_000);
});

const ownedByPid = (pid: number | undefined) => (rows: Rows) =>
  rows.length === 1 &&
  rows[0]?.status === 'live' &&
  rows[0].lease_owner?.startsWith(`worker-${pid}-`) === true;

describe.skipIf(!onServer)(
  'kill -9 of the worker encoding a live game, another one running',
  () => {
    it('the other worker takes the game over at once (its liveness lock is free), not after the lease', async () => {
      // The first tests' workers gone: the game's lease is a dead process's, any worker's to take.
      for (const w of workers) killGroup(w);
      await Promise.all(
        workers.map((w) =>
          w.exitCode !== null || w.signalCode !== null
            ? Promise.resolve()
            : new Promise((r) => w.once('exit', r)),
        ),
      );
      const a = (await startWorker()).child;
      const live = await until(liveRows, ownedByPid(a.pid), 90_000);
      expect(ownedByPid(a.pid)(live)).toBe(true);
      expect(await until(produced, (n) => n > 2, 30_000)).toBeGreaterThan(2);
      const b = (await startWorker()).child;

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
      expect(ownedByPid(a.pid)(await liveRows())).toBe(true);

      killGroup(a);
      await new Promise((r) => a.once('exit', r));
      const killedAt = Date.now();
      const [lapsing] = await liveRows();
      const leaseUntil = lapsing?.lease_until?.getTime() ?? 0;
      // The lease has most of its time to run: today's takeover would wait for it.
      expect(leaseUntil - killedAt).toBeGreaterThan(TAKEOVER_BOUND_MS);
      const before = produced();

      const taken = await until(liveRows, ownedByPid(b.pid), LEASE_SECONDS * 1000 + 30_000);
      const takenAt = Date.now();
      expect(ownedByPid(b.pid)(taken)).toBe(true);
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
