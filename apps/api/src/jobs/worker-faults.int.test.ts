import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { isRunning, procStat } from '@rudy/media/proc-stat';
import { strayProcesses } from '@rudy/media/stray-processes.test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CHANNEL_KEY, seedDemoChannel } from '../db/seed/demo-channel.js';
import { MEDIA_QUEUE_OPTIONS } from '../modules/media/media.jobs.js';
import { createMediaJobsRepository } from '../modules/media/media-jobs.repository.js';
import { QUEUES } from '../modules/media/media-queues.js';
import { prerollUrls } from '../modules/prerolls/register-prerolls.js';
import { ignoreQueueErrors } from '../test/queue-errors.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { until } from '../test/until.js';
import { startWorkerProcess } from '../test/worker-process.js';
import { createBoss } from './boss.js';

/*
 * A worker process under faults, on a PostgreSQL server (worker processes need one): a connection
 * cut while it settles a job, and a kill -9 in the middle of a media job (its ffmpeg, its
 * successor's start-up enqueueing, the job taken over).
 */

const onServer = Boolean(process.env.DATABASE_URL);

let database: TestDatabase;
let channelId: number;
let gameId: number;
let dataDir: string;
const workers: ChildProcess[] = [];
const strays = strayProcesses();

beforeAll(async () => {
  if (!onServer) return;
  database = await createTestDatabase();
  channelId = (await seedDemoChannel(database.db)).channelId;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-worker-faults-'));
  // One finished game without a VOD; the others later (no live encoder, no second render).
  const [game] = await createMediaJobsRepository(database.db).finishedWithoutVod(
    [channelId],
    new Date(),
  );
  if (!game) throw new Error('the demo channel has no finished game');
  gameId = game.id;
  await database.db
    .updateTable('events')
    .set({ event_utc_ts: sql<Date>`now() + interval '30 days'` })
    .where('channel_id', '=', channelId)
    .where('id', '<>', gameId)
    .execute();
  // The pre-roll clips exist already: a demo channel's start-up would render them otherwise.
  for (const { url } of await prerollUrls(database.db, [channelId])) {
    const file = path.join(dataDir, 'media', url.replace(/^\/media\//, ''));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, 'clip');
  }
}, 60_000);

afterAll(async () => {
  for (const w of workers) if (w.exitCode === null && w.signalCode === null) w.kill('SIGKILL');
  strays.killAll();
  await database?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function startWorker(env: Record<string, string>): Promise<ChildProcess> {
  const child = await startWorkerProcess({
    DATABASE_URL: database.url ?? '',
    DATA_DIR: dataDir,
    DEMO_MEDIA_CHANNELS: '',
    COMMERCE_JOB_INTERVAL_MS: '0',
    ...env,
  });
  workers.push(child);
  return child;
}

/** Running (not a zombie) processes whose parent is `ppid` and whose name is `comm`. */
function childrenOf(ppid: number, comm: string): number[] {
  const found: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = procStat(name);
    if (stat?.comm === comm && stat.fields[1] === String(ppid) && isRunning(name)) {
      found.push(Number(name));
    }
  }
  return found;
}

const running = isRunning;

/** The scratch directories of the worker with this pid. */
function scratchOf(pid: number): string[] {
  return fs.readdirSync(path.join(dataDir, 'media', '.work')).filter((n) => n.includes(`.${pid}.`));
}

/** SIGTERM, and the wait for its exit. */
async function stop(worker: ChildProcess | undefined) {
  if (!worker || worker.exitCode !== null || worker.signalCode !== null) return;
  worker.kill('SIGTERM');
  await new Promise((r) => worker.once('exit', r));
}

async function withBoss<T>(run: (boss: ReturnType<typeof createBoss>) => Promise<T>) {
  const boss = createBoss(database, database.url, ignoreQueueErrors);
  await boss.start();
  try {
    for (const [name, options] of Object.entries(MEDIA_QUEUE_OPTIONS))
      await boss.createQueue(name, { name, ...options });
    return await run(boss);
  } finally {
    await boss.stop({ graceful: false, wait: true });
  }
}

/** Backends of the test database waiting for a lock, with what they run. */
async function lockWaiters(client: pg.Client) {
  const { rows } = await client.query<{ pid: number; query: string }>(
    `select pid, query from pg_stat_activity
     where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
  );
  return rows;
}

describe.skipIf(!onServer)('a worker process under faults', () => {
  it('survives a connection cut while it completes a job, and completes it', async () => {
    await withBoss(async (boss) => {
      // A transcode of an upload that is not there: the job is done at once ('skipped').
      const uploadId = randomUUID();
      const jobId = await boss.send(
        QUEUES.packageUpload,
        { channelId, uploadId },
        { singletonKey: `upload-${uploadId}` },
      );
      if (!jobId) throw new Error('job not queued');

      // The test holds the job's lease row (the worker waits to take it), then its pgboss row,
      // then lets the lease go: the worker runs the job and waits to complete it.
      const gate = new pg.Client({ connectionString: database.url });
      const holder = new pg.Client({ connectionString: database.url });
      await gate.connect();
      await holder.connect();
      let worker: ChildProcess | undefined;
      let output = '';
      try {
        await gate.query('begin');
        await gate.query(
          `insert into media_job_leases (job_id, queue, owner, lease_until)
           values ($1, $2, 'test', now() + interval '1 hour')`,
          [jobId, QUEUES.packageUpload],
        );
        worker = await startWorker({ MEDIA_JOB_LEASE_SECONDS: '30' });
        worker.stdout?.on('data', (d: Buffer) => (output += d.toString()));
        const leaseWait = await until(
          () => lockWaiters(holder),
          (rows) => rows.some((r) => r.query.includes('media_job_leases')),
          30_000,
        );
        expect(leaseWait.length).toBeGreaterThan(0);
        await holder.query('begin');
        await holder.query('select id from pgboss.job where id = $1 for update', [jobId]);
        // (pg_stat_activity is read through `gate` from now on: inside a transaction it stays as
        // it was at the first read.)
        await gate.query('rollback');
        const completing = (rows: { pid: number; query: string }[]) =>
          rows.filter((r) => r.query.includes('completed_on'));
        const first = completing(
          await until(
            () => lockWaiters(gate),
            (r) => completing(r).length > 0,
            30_000,
          ),
        );
        expect(first).toHaveLength(1);

        // The server cuts the worker's connection in the middle of complete().
        await gate.query('select pg_terminate_backend($1)', [first[0]?.pid]);
        // The worker tries again on another connection (and waits for the lock again)...
        const again = await until(
          async () => completing(await lockWaiters(gate)).filter((r) => r.pid !== first[0]?.pid),
          (rows) => rows.length > 0 || worker?.exitCode !== null,
          30_000,
        );
        expect(worker.exitCode, output).toBeNull();
        expect(again).toHaveLength(1);
        await holder.query('commit');

        // ...and completes the job once the lock is gone; the process never stopped.
        const state = await until(
          async () => (await boss.getJobById(QUEUES.packageUpload, jobId))?.state,
          (s) => s === 'completed',
          30_000,
        );
        expect(state).toBe('completed');
        expect(worker.exitCode).toBeNull();
        expect(output).not.toContain('uncaught error');
      } finally {
        await gate.end();
        await holder.end();
        await stop(worker);
      }
    });
  }, 120_000);

  // Set by the kill -9 below, for the restart after it.
  let killed: { jobId: string; pid: number } | undefined;

  it("kill -9 mid-render: the worker's ffmpeg dies with it", async () => {
    await withBoss(async (boss) => {
      const jobId = await boss.send(
        QUEUES.demoGame,
        { channelId, eventId: gameId },
        { singletonKey: `demo-${gameId}` },
      );
      if (!jobId) throw new Error('job not queued');
      // A long game: its ffmpeg would render for minutes.
      const first = await startWorker({ DEMO_GAME_SECONDS: '900', MEDIA_JOB_LEASE_SECONDS: '3' });
      const pid = first.pid ?? 0;
      const [ffmpeg] = await until(
        () => childrenOf(pid, 'ffmpeg'),
        (p) => p.length > 0,
        60_000,
      );
      if (!ffmpeg) throw new Error('the worker started no ffmpeg');
      strays.add(ffmpeg);
      expect(scratchOf(pid).length).toBeGreaterThan(0);

      first.kill('SIGKILL');
      await new Promise((r) => first.once('exit', r));
      killed = { jobId, pid };
      // The kernel ends it with its worker (the wait is bounded; the render had minutes to go).
      expect(
        await until(
          () => running(ffmpeg),
          (alive) => !alive,
          10_000,
        ),
      ).toBe(false);
    });
  }, 120_000);

  it('the next start cleans up, queues nothing new, and takes over the same job: done once', async () => {
    if (!killed) throw new Error('needs the kill -9 above');
    const { jobId, pid } = killed;
    await withBoss(async (boss) => {
      // A demo channel's worker: its start-up enqueues the game's VOD again.
      const second = await startWorker({
        DEMO_MEDIA_CHANNELS: DEMO_CHANNEL_KEY,
        DEMO_GAME_SECONDS: '4',
        MEDIA_JOB_LEASE_SECONDS: '3',
      });
      // The dead worker's scratch is gone.
      expect(scratchOf(pid)).toEqual([]);
      const state = await until(
        async () => (await boss.getJobById(QUEUES.demoGame, jobId))?.state,
        (s) => s === 'completed' || s === 'failed',
        150_000,
      );
      expect(state).toBe('completed');
      // Exactly one job for the game, ever: the same one, retried once (by the lease reaper).
      const key = `demo-${gameId}`;
      const jobs = await sql<{ id: string; state: string; retry_count: number }>`
        select id, state, retry_count from pgboss.job where singleton_key = ${key}
        union all
        select id, state, retry_count from pgboss.archive where singleton_key = ${key}`.execute(
        database.db,
      );
      expect(jobs.rows).toEqual([{ id: jobId, state: 'completed', retry_count: 1 }]);
      await stop(second);
    });
  }, 240_000);
});
