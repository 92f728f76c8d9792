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
import { killGroup, startWorkerProcess } from '../test/worker-process.js';

/*
 * A worker with a stable identity (WORKER_ID, as a supervisor gives it) killed with -9 while it
 * encodes a live game: restarted, it takes its game back at once instead of after the encoder's
 * lease, so the recording's gap is the outage and a few segments, not the lease. Another worker
 * running meanwhile never encodes the game, and a second process with the same WORKER_ID is
 * refused. Needs a PostgreSQL server (several worker processes on one database).
 */

const onServer = Boolean(process.env.DATABASE_URL);
/** The default lease: the gap today (the lease waited out) would be this long at least. */
const LEASE_SECONDS = 30;
/** Past the outage: the first tick, the encoder's start and its first segments on a busy machine. */
const RESUME_BOUND_MS = 12_000;

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

async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms: number) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The recording's segments so far (media sequence and listed), from the top rendition. */
function produced(): number {
  const file = path.join(dataDir, 'media', eventPrefix(channelId, eventId), 'live/v0/index.m3u8');
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  // ffmpeg rewrites the playlist in place: a torn read counts as nothing new.
  if (!text.startsWith('#EXTM3U') || !text.endsWith('\n')) return 0;
  const p = parseMediaPlaylist(text);
  return p.mediaSequence + p.segments.length;
}

/** A worker with this identity, its log kept; killed after the tests. */
async function startWorker(workerId: string) {
  const child = await startWorkerProcess(
    {
      DATABASE_URL: database.url ?? '',
      DATA_DIR: dataDir,
      DEMO_MEDIA_CHANNELS: 'demo-hockey',
      LIVE_ENCODER_LEASE_SECONDS: String(LEASE_SECONDS),
      COMMERCE_JOB_INTERVAL_MS: '0',
      WORKER_ID: workerId,
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
