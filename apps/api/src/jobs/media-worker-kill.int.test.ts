import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MEDIA_KIND } from '@rudy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoChannel } from '../db/seed/demo-channel.js';
import { eventPrefix } from '../modules/media/media-paths.js';
import {
  createMediaJobLeases,
  LEASE_REAPER_QUEUE_OPTIONS,
  reapExpiredLeases,
} from '../modules/media/media-job-lease.js';
import { createMediaJobsRepository } from '../modules/media/media-jobs.repository.js';
import { QUEUE_OPTIONS, QUEUES } from '../modules/media/media-queues.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { createBoss } from './boss.js';
import { killGroup, startWorkerProcess } from '../test/worker-process.js';
import { ignoreQueueErrors } from '../test/queue-errors.js';
import { until } from '../test/until.js';

/*
 * Media job leases. pg-boss 10 has no heartbeat: without a lease, the job of a worker killed with
 * -9 would stay 'active' until its queue's expiry (5 minutes for a demo game, 6 hours for a VOD).
 * The reaper part runs on PGlite and PostgreSQL; the kill -9 of a worker process needs a server.
 */

const onServer = Boolean(process.env.DATABASE_URL);
const LEASE_SECONDS = 3;
const silentLog = { info: () => undefined, error: () => undefined };

let database: TestDatabase;
let channelId: number;
let dataDir: string;
const workers: ChildProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  channelId = (await seedDemoChannel(database.db)).channelId;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-media-kill-'));
}, 60_000);

afterAll(async () => {
  for (const w of workers) killGroup(w);
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function createQueues(boss: ReturnType<typeof createBoss>) {
  for (const [name, options] of Object.entries({ ...QUEUE_OPTIONS, ...LEASE_REAPER_QUEUE_OPTIONS }))
    await boss.createQueue(name, { name, ...options });
}

/** A worker on this test's database, killed after the tests. */
async function startWorker(): Promise<ChildProcess> {
  const child = await startWorkerProcess(
    {
      DATABASE_URL: database.url ?? '',
      DATA_DIR: dataDir,
      DEMO_MEDIA_CHANNELS: '',
      DEMO_GAME_SECONDS: '30',
      MEDIA_JOB_LEASE_SECONDS: String(LEASE_SECONDS),
      COMMERCE_JOB_INTERVAL_MS: '0',
    },
    { detached: true },
  );
  workers.push(child);
  return child;
}

describe('the lease reaper', () => {
  it('re-queues a job whose lease lapsed, and leaves alone one whose lease is renewed', async () => {
    const boss = createBoss(database, database.url, ignoreQueueErrors);
    await boss.start();
    try {
      await createQueues(boss);
      const repo = createMediaJobsRepository(database.db);
      // 'stately' queues take one job per singleton key.
      const deadId = await boss.send(QUEUES.liveStills, { n: 1 }, { singletonKey: 'dead' });
      const aliveId = await boss.send(QUEUES.liveStills, { n: 2 }, { singletonKey: 'alive' });
      const [dead, alive] = await boss.fetch(QUEUES.liveStills, { batchSize: 2 });
      expect(new Set([dead?.id, alive?.id])).toEqual(new Set([deadId, aliveId]));
      if (!dead || !alive) throw new Error('jobs not fetched');

      // The dead worker took its lease once; the live one holds its job through `hold`.
      await repo.takeJobLease(dead.id, QUEUES.liveStills, 'dead-worker', 1);
      const leases = createMediaJobLeases({ repo, log: silentLog, leaseSeconds: 1 });
      let release!: () => void;
      const running = leases.hold(alive, async () => {
        await new Promise<void>((r) => {
          release = r;
        });
      });

      await new Promise((r) => setTimeout(r, 2_200));
      expect(await reapExpiredLeases(boss, repo, silentLog)).toBe(1);
      expect((await boss.getJobById(QUEUES.liveStills, dead.id))?.state).toBe('retry');
      expect((await boss.getJobById(QUEUES.liveStills, alive.id))?.state).toBe('active');
      // A second pass finds nothing to do: the job is not failed twice (the lease went).
      expect(await reapExpiredLeases(boss, repo, silentLog)).toBe(0);

      release();
      await running;
      const left = await database.db.selectFrom('media_job_leases').select('job_id').execute();
      expect(left).toEqual([]);
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }
  }, 30_000);
});

describe.skipIf(!onServer)('kill -9 of a worker in the middle of a media job', () => {
  it('the job is re-queued when its lease lapses, another worker finishes it, one result', async () => {
    const repo = createMediaJobsRepository(database.db);
    const [game] = await repo.finishedWithoutVod([channelId], new Date());
    if (!game) throw new Error('the demo channel has no finished game');
    const prefix = eventPrefix(channelId, game.id);

    const first = await startWorker();
    const boss = createBoss(database, database.url, ignoreQueueErrors);
    await boss.start();
    try {
      await repo.markPending(channelId, game.id, MEDIA_KIND.vod, `${prefix}/vod/master.m3u8`);
      const jobId = await boss.send(
        QUEUES.demoGame,
        { channelId, eventId: game.id },
        { singletonKey: `demo-${game.id}` },
      );
      if (!jobId) throw new Error('job not queued');

      // The first worker takes the job and its lease, and is killed while ffmpeg renders.
      const leaseOf = () =>
        database.db
          .selectFrom('media_job_leases')
          .select(['owner', 'lease_until'])
          .where('job_id', '=', jobId)
          .executeTakeFirst();
      const taken = await until(
        leaseOf,
        (l) => l?.owner.includes(`:${first.pid}:`) === true,
        30_000,
      );
      expect(taken?.owner).toContain(`:${first.pid}:`);
      await new Promise((r) => setTimeout(r, 1_500));
      killGroup(first);
      await new Promise((r) => first.once('exit', r));
      const orphaned = await boss.getJobById(QUEUES.demoGame, jobId);
      expect(orphaned?.state).toBe('active');
      // pg-boss alone would wait this long for it.
      expect(QUEUE_OPTIONS[QUEUES.demoGame]?.expireInSeconds).toBeGreaterThanOrEqual(300);

      const second = await startWorker();
      const requeued = await until(
        async () => (await boss.getJobById(QUEUES.demoGame, jobId))?.retryCount ?? 0,
        (n) => n > 0,
        LEASE_SECONDS * 1000 + 15_000,
      );
      expect(requeued).toBe(1);
      const state = await until(
        async () => (await boss.getJobById(QUEUES.demoGame, jobId))?.state,
        (s) => s === 'completed' || s === 'failed',
        150_000,
      );
      expect(state).toBe('completed');

      // Exactly one result: one row per output, the VOD ready, one set of renditions in storage.
      const rows = await database.db
        .selectFrom('event_media')
        .select(['kind', 'status', 'storage_key'])
        .where('event_id', '=', game.id)
        .execute();
      const vod = rows.filter((r) => r.kind === MEDIA_KIND.vod);
      expect(vod).toEqual([
        { kind: MEDIA_KIND.vod, status: 'ready', storage_key: `${prefix}/vod/master.m3u8` },
      ]);
      const keys = rows.map((r) => `${r.kind}:${r.storage_key}`);
      expect(new Set(keys).size).toBe(keys.length);
      const eventDir = path.join(dataDir, 'media', prefix);
      // A demo game also gets its captions (issue 31): one file per language, not one per run.
      expect(fs.readdirSync(eventDir).sort()).toEqual(['assets', 'captions', 'vod']);
      const captionFiles = fs.readdirSync(path.join(eventDir, 'captions'));
      expect(captionFiles.map((name) => name.slice(0, 3)).sort()).toEqual(['en-', 'fr-']);
      const renditions = fs.readdirSync(path.join(eventDir, 'vod')).filter((n) => /^v\d+$/.test(n));
      const master = fs.readFileSync(path.join(eventDir, 'vod/master.m3u8'), 'utf8');
      expect(renditions.length).toBeGreaterThan(0);
      expect(master.match(/#EXT-X-STREAM-INF/g)?.length).toBe(renditions.length);
      // The lease went with the job; the second worker's scratch is gone.
      expect(await leaseOf()).toBeUndefined();

      second.kill('SIGTERM');
      await new Promise((r) => second.once('exit', r));
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }
  }, 240_000);
});
