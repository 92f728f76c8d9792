import { sql } from 'kysely';
import type { DB } from '../db/database.js';
import { BOSS_SCHEMA } from './boss.js';

/** SQL only: pg-boss's job table, read inside the caller's transaction. */
export function createBossJobsRepository(trx: DB) {
  return {
    /** Holds enqueuers of the same queue and key one after the other until the transaction ends. */
    async lockKey(queue: string, key: string): Promise<void> {
      await sql`select pg_advisory_xact_lock(hashtextextended(${`${queue}\n${key}`}, 0))`.execute(
        trx,
      );
    },
    /** The id of an unfinished job (queued, waiting for a retry, or running) of this key. */
    async openJob(queue: string, key: string): Promise<string | undefined> {
      const open = await sql<{ id: string }>`select id from ${sql.table(`${BOSS_SCHEMA}.job`)}
        where name = ${queue} and singleton_key = ${key} and state < 'completed' limit 1`.execute(
        trx,
      );
      return open.rows[0]?.id;
    },
    /** Whether a job of this queue for one of these channels (`data.channelId`) is unfinished. */
    async openForChannels(queue: string, channelIds: number[]): Promise<boolean> {
      if (channelIds.length === 0) return false;
      const { rows } = await sql<{ open: boolean }>`select exists (
          select 1 from ${sql.table(`${BOSS_SCHEMA}.job`)}
          where name = ${queue} and state < 'completed'
          and (data->>'channelId')::int in (${sql.join(channelIds)})) as open`.execute(trx);
      return rows[0]?.open === true;
    },
  };
}
