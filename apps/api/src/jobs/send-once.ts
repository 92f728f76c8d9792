import type { Kysely } from 'kysely';
import type PgBoss from 'pg-boss';
import type { DB } from '../db/database.js';
import { kyselyBossDb } from './boss.js';
import { createBossJobsRepository } from './boss-jobs.repository.js';

export interface SendOnceOptions {
  singletonKey: string;
  priority?: number;
  /**
   * Whether the request is already served: its result is in the database (the moments of this
   * very replay, the game's VOD, its reel). Read inside the locked transaction, after the check
   * for an unfinished job: a job commits its result before pg-boss marks it completed, so a
   * request made after the job ended sees the result, and one made before sees the job.
   */
  served?: (trx: DB) => Promise<boolean>;
}

/**
 * Queues the job of a request (its `singletonKey`) unless one for the same key is unfinished
 * (queued, waiting for a retry, or running) or the request is already served. pg-boss's 'stately'
 * policy admits one queued job beside a running one, so a worker restarted after a kill -9 used
 * to queue a second job for each request its dead predecessor was running; here it finds that
 * job, which the lease reaper hands back to a worker as it is. Without `served`, a request made
 * again after its job completed (a restart's sweep, a second "finished" event) queued a second
 * job that did the same work again. The checks and the insert share a transaction that holds an
 * advisory lock on the key: enqueuers side by side (workers starting together) queue one job.
 * Returns the job's id, or null when the request is served.
 */
export async function sendOnce(
  db: DB,
  boss: PgBoss,
  queue: string,
  data: object,
  options: SendOnceOptions,
): Promise<string | null> {
  const { served, ...sendOptions } = options;
  const key = options.singletonKey;
  return db.transaction().execute(async (trx) => {
    const jobs = createBossJobsRepository(trx);
    await jobs.lockKey(queue, key);
    const open = await jobs.openJob(queue, key);
    if (open !== undefined) return open;
    if (served && (await served(trx))) return null;
    return boss.send(queue, data, {
      ...sendOptions,
      db: kyselyBossDb(trx as unknown as Kysely<unknown>),
    });
  });
}
