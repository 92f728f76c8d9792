import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { DB } from '../db/database.js';
import type { WorkerLog } from './job-runner.js';
import { createWorkerHeartbeatsRepository } from './worker-heartbeats.repository.js';

/** A worker beats this often... */
export const HEARTBEAT_INTERVAL_MS = 5_000;
/** ...and counts as gone once its last beat is this old (several missed beats, not one slow one). */
export const HEARTBEAT_STALE_SECONDS = 30;

/**
 * The worker's sign of life in `worker_heartbeats`, written with the database's clock. Beats go on
 * while the database is away (a failed beat is logged, the next one retries); rows of workers gone
 * for a day are pruned by whichever worker beats.
 */
export async function startWorkerHeartbeat(db: DB, log: WorkerLog) {
  const heartbeats = createWorkerHeartbeatsRepository(db);
  const workerId = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const beat = () => heartbeats.beat(workerId, os.hostname(), process.pid);
  await beat();
  await heartbeats.pruneDayOld();
  let failing = false;
  const timer = setInterval(() => {
    beat().then(
      () => {
        if (failing) log.info({ workerId }, 'worker heartbeat written again');
        failing = false;
      },
      (error: unknown) => {
        // One line per outage, not one per beat.
        if (!failing) log.error({ err: error, workerId }, 'worker heartbeat failed');
        failing = true;
      },
    );
  }, HEARTBEAT_INTERVAL_MS);
  timer.unref();
  return {
    workerId,
    /** A clean stop: the row goes, so /api/ready does not wait out a stale beat to notice. */
    async stop() {
      clearInterval(timer);
      await heartbeats
        .remove(workerId)
        .catch((error: unknown) => log.error({ err: error }, 'worker heartbeat not removed'));
    },
  };
}
