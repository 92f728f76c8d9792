import type PgBoss from 'pg-boss';
import type { DB } from '../../db/database.js';
import type { JobRunner } from '../../jobs/job-runner.js';
import { recurringQueueOptions, registerRecurringJob } from '../../jobs/recurring-job.js';
import { createPrerollsRepository } from './prerolls.repository.js';

const CLEANUP_QUEUE = 'prerolls.cleanup';

export const PREROLL_QUEUE_OPTIONS: Record<
  string,
  Omit<PgBoss.Queue, 'name'>
> = recurringQueueOptions(CLEANUP_QUEUE, 300);

/** Ended suppressions are only history: dropped hourly by whichever worker takes the pass. */
export async function registerPrerollJobs(
  boss: PgBoss,
  o: { db: DB; runner: JobRunner; now: () => Date },
) {
  const prerolls = createPrerollsRepository(o.db);
  await registerRecurringJob(boss, {
    queue: CLEANUP_QUEUE,
    everySeconds: 3600,
    run: () => prerolls.deleteExpired(o.now()),
    log: o.runner.log,
  });
}
