import { sql, type Kysely } from 'kysely';
import type PgBoss from 'pg-boss';
import type { DB } from '../db/database.js';
import { BOSS_SCHEMA, kyselyBossDb } from './boss.js';

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
    await sql`select pg_advisory_xact_lock(hashtextextended(${`${queue}\n${key}`}, 0))`.execute(
      trx,
    );
    const open = await sql<{ id: string }>`select id from ${sql.table(`${BOSS_SCHEMA}.job`)}
      where name = ${queue} and singleton_key = ${key} and state < 'completed' limit 1`.execute(
      trx,
    );
    if (open.rows[0]) return open.rows[0].id;
    return boss.send(queue, data, {
      ...options,
      db: kyselyBossDb(trx as unknown as Kysely<unknown>),
    });
  });
}
