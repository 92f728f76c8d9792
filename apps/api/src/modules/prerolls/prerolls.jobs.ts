import type { DB } from '../../db/database.js';
import type { WorkerLog } from '../../jobs/job-runner.js';
import { createPrerollsRepository } from './prerolls.repository.js';

/** Ended suppressions are only history: dropped hourly by the worker. */
export function startPrerollCleanup(db: DB, now: () => Date, log: WorkerLog) {
  const prerolls = createPrerollsRepository(db);
  const timer = setInterval(() => {
    prerolls
      .deleteExpired(now())
      .catch((error: unknown) => log.error({ err: error }, 'cleanup failed'));
  }, 3_600_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
