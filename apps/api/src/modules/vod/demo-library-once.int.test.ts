import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import { createLocalStorage, type Rendition } from '@rudy/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { seedDemoChannel } from '../../db/seed/demo-channel.js';
import { BOSS_SCHEMA, createBoss } from '../../jobs/boss.js';
import { createQueues } from '../../jobs/create-queues.js';
import { createJobRunner } from '../../jobs/job-runner.js';
import { ignoreQueueErrors } from '../../test/queue-errors.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { until } from '../../test/until.js';
import { createMediaJobLeases, reapExpiredLeases } from '../media/media-job-lease.js';
// The leases' own SQL: a dead worker's lease is set up, and reaped, as the worker does it.
// eslint-disable-next-line no-restricted-imports
import { createMediaJobsRepository } from '../media/media-jobs.repository.js';
import { createVodJobsRepository } from './vod-jobs.repository.js';
import { registerVodJobs, VOD_QUEUE_OPTIONS, VOD_QUEUES } from './vod.jobs.js';

/*
 * Issue 28, "every media job finishes exactly once per request", for the demo library's videos
 * (vod.jobs.ts). Each worker start sent the library's job with pg-boss's 'stately' policy alone:
 * a start after a kill -9 queued a second job beside the dead worker's running one (which its
 * queue's expiry later ran a second time), and every later start queued one more once the library
 * was made. The jobs now hold a lease, and a start finds the open job or sees the library made.
 */

const onServer = Boolean(process.env.DATABASE_URL);
const TINY: Rendition[] = [{ name: '90p', width: 160, height: 90, videoKbps: 100, audioKbps: 64 }];
const silentLog = { info: () => undefined, error: () => undefined };
/** Retried at once here: the queue's 30 s only slows the test. */
const QUEUES = Object.fromEntries(
  Object.entries(VOD_QUEUE_OPTIONS).map(([name, o]) => [name, { ...o, retryDelay: 0 }]),
);

let database: TestDatabase;
let root: string;
let channelIds: number[];

beforeAll(async () => {
  database = await createTestDatabase();
  channelIds = [(await seedDemoChannel(database.db)).channelId];
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-demo-library-once-'));
  // Two seconds per video keeps the renders quick; the recipe's length is all that differs.
  await database.db
    .updateTable('vod_media_items')
    .set({ meta: sql`jsonb_set(meta, '{demo,seconds}', '2')` })
    .where(sql<boolean>`meta ? 'demo'`)
    .execute();
}, 60_000);

afterAll(async () => {
  await database?.close();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

/** The jobs of a queue: how many, and how many completed or still open. */
async function jobsOf(queue: string) {
  const { rows } = await sql<{ id: string; state: string }>`select id, state
    from ${sql.table(`${BOSS_SCHEMA}.job`)} where name = ${queue}`.execute(database.db);
  return {
    rows: rows.length,
    completed: rows.filter((r) => r.state === 'completed').length,
    open: rows.filter((r) => !['completed', 'failed', 'cancelled'].includes(r.state)).length,
  };
}
const library = () => jobsOf(VOD_QUEUES.demoLibrary);

/** A worker's library side, started on its own pg-boss; stopped as a worker stops. */
async function startWorker() {
  const boss = createBoss(database, database.url, ignoreQueueErrors);
  await boss.start();
  await createQueues(boss, QUEUES, silentLog);
  const repo = createMediaJobsRepository(database.db);
  const leases = createMediaJobLeases({ repo, log: silentLog, leaseSeconds: 1 });
  const vod = await registerVodJobs(boss, {
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' }),
    db: database.db,
    storage: createLocalStorage(path.join(root, 'media')),
    runner: createJobRunner(silentLog),
    now: () => new Date(),
    hold: leases.hold,
    ladder: TINY,
  });
  return {
    boss,
    async stop() {
      await vod.stopJobs(30_000);
      await boss.stop({ graceful: false, wait: true });
    },
  };
}

describe.skipIf(!onServer)('the demo library, once per request', () => {
  it('a start beside a killed worker’s job and one after the library is made queue no second job', async () => {
    const vodRepo = createVodJobsRepository(database.db);
    const pending = (await vodRepo.pendingDemoItems(channelIds)).length;
    expect(pending).toBeGreaterThan(0);

    // A worker took the library's job and its lease, and was killed (kill -9) before a video.
    const dead: PgBoss = createBoss(database, database.url, ignoreQueueErrors);
    await dead.start();
    let jobId: string;
    try {
      await createQueues(dead, QUEUES, silentLog);
      const sent = await dead.send(
        VOD_QUEUES.demoLibrary,
        { channelIds },
        { singletonKey: 'demo-library' },
      );
      const [job] = await dead.fetch(VOD_QUEUES.demoLibrary);
      if (!sent || job?.id !== sent) throw new Error('the dead worker did not take the job');
      jobId = sent;
      await createMediaJobsRepository(database.db).takeJobLease(
        jobId,
        VOD_QUEUES.demoLibrary,
        'dead-worker',
        1,
      );
    } finally {
      await dead.stop({ graceful: false, wait: true });
    }

    // The restarted worker finds that job instead of queueing a second one; the reaper hands it
    // back once its lease lapsed, and the same job makes the library.
    const first = await startWorker();
    try {
      expect(await library()).toEqual({ rows: 1, completed: 0, open: 1 });
      const reaped = await until(
        () => reapExpiredLeases(first.boss, createMediaJobsRepository(database.db), silentLog),
        (n) => n === 1,
        10_000,
      );
      expect(reaped).toBe(1);
      expect(await until(library, (j) => j.completed === 1, 120_000)).toEqual({
        rows: 1,
        completed: 1,
        open: 0,
      });
      expect((await first.boss.getJobById(VOD_QUEUES.demoLibrary, jobId))?.state).toBe('completed');
      expect(await vodRepo.pendingDemoItems(channelIds)).toEqual([]);
    } finally {
      await first.stop();
    }

    // Every later start: the library is made, nothing is queued. The clips' job is found too.
    const second = await startWorker();
    try {
      expect(await library()).toEqual({ rows: 1, completed: 1, open: 0 });
      expect((await jobsOf(VOD_QUEUES.demoClips)).open).toBe(1);
    } finally {
      await second.stop();
    }
  }, 180_000);
});
