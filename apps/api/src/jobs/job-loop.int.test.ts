import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaJobLeases, reapExpiredLeases } from '../modules/media/media-job-lease.js';
import { createMediaJobsRepository } from '../modules/media/media-jobs.repository.js';
import { ignoreQueueErrors } from '../test/queue-errors.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { until } from '../test/until.js';
import { createBoss } from './boss.js';
import { startJobLoop } from './job-loop.js';

/* A media job's run against its queue's expiry, on PGlite or PostgreSQL. */

const silentLog = { info: () => undefined, error: () => undefined };
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);

afterAll(async () => {
  await database.close();
});

describe('a job that outlives its queue expiry', () => {
  it('is not cut while its lease is renewed: one run, completed, never retried', async () => {
    const boss = createBoss(database, database.url, ignoreQueueErrors);
    await boss.start();
    const queue = 'test.long-job';
    try {
      await boss.createQueue(queue, {
        name: queue,
        policy: 'stately',
        retryLimit: 2,
        retryDelay: 1,
        expireInSeconds: 1,
      });
      const repo = createMediaJobsRepository(database.db);
      const leases = createMediaJobLeases({ repo, log: silentLog, leaseSeconds: 1 });
      const jobId = await boss.send(queue, {}, { singletonKey: 'one' });
      if (!jobId) throw new Error('job not queued');

      let runs = 0;
      let finish!: () => void;
      const finished = new Promise<void>((r) => {
        finish = r;
      });
      const loop = startJobLoop(boss, queue, {
        pollingIntervalSeconds: 0.5,
        log: silentLog,
        hold: leases.hold,
        handler: async () => {
          runs += 1;
          await finished;
        },
      });
      try {
        const stateOf = async () => boss.getJobById(queue, jobId);
        const started = await until(stateOf, (j) => j?.state === 'active', 10_000);
        expect(started?.state).toBe('active');

        // pg-boss's maintenance and the lease reaper pass again and again until the job has run
        // three times its queue's expiry (by the database's clock).
        const ranFor = async () => {
          await boss.expire();
          await reapExpiredLeases(boss, repo, silentLog);
          const job = await stateOf();
          return {
            state: job?.state,
            seconds: (Date.now() - (job?.startedOn?.getTime() ?? 0)) / 1000,
          };
        };
        const late = await until(ranFor, (r) => r.state !== 'active' || r.seconds > 3, 20_000);
        expect(late.state).toBe('active');

        finish();
        const done = await until(stateOf, (j) => j?.state === 'completed', 10_000);
        expect(done?.state).toBe('completed');
        expect(done?.retryCount).toBe(0);
        expect(runs).toBe(1);
      } finally {
        finish();
        await loop.stop(5_000);
      }
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }
  }, 60_000);
});
