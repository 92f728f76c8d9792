import type { Kysely } from 'kysely';
import type PgBoss from 'pg-boss';
import type { DB } from '../db/database.js';
import { kyselyBossDb } from './boss.js';
import { createBossJobsRepository } from './boss-jobs.repository.js';

/**
 * Queues the job of a request (its `singletonKey`) unless one for the same key is unfinished:
 * queued, waiting for a retry, or running. pg-boss's 'stately' policy admits one queued job beside
 * a running one, so a worker restarted after a kill -9 used to queue a second job for each request
 * its dead predecessor was running; here it finds that job, which the lease reaper hands back to a
 * worker as it is. The check and the insert share a transaction that holds an advisory lock on
 * the key: enqueuers side by side (workers starting together) queue one job. Returns the job's id.
 */
export async function sendOnce(
  db: DB,
  boss: PgBoss,
  queue: string,
  data: object,
  options: { singletonKey: string; priority?: number },
): Promise<string | null> {
  const key = options.singletonKey;
  return db.transaction().execute(async (trx) => {
    const jobs = createBossJobsRepository(trx);
    await jobs.lockKey(queue, key);
    const open = await jobs.openJob(queue, key);
    if (open !== undefined) return open;
    return boss.send(queue, data, {
      ...options,
      db: kyselyBossDb(trx as unknown as Kysely<unknown>),
    });
  });
}
