import { sql } from 'kysely';
import type { DB } from '../db/database.js';

/** Workers' signs of life (worker_heartbeats), stamped with the database's clock. SQL only. */
export function createWorkerHeartbeatsRepository(db: DB) {
  return {
    async beat(workerId: string, host: string, pid: number): Promise<void> {
      await db
        .insertInto('worker_heartbeats')
        .values({ worker_id: workerId, host, pid })
        .onConflict((oc) => oc.column('worker_id').doUpdateSet({ beat_at: sql<Date>`now()` }))
        .execute();
    },
    /** Rows of workers gone for a day. */
    async pruneDayOld(): Promise<void> {
      await db
        .deleteFrom('worker_heartbeats')
        .where('beat_at', '<', sql<Date>`now() - interval '1 day'`)
        .execute();
    },
    async remove(workerId: string): Promise<void> {
      await db.deleteFrom('worker_heartbeats').where('worker_id', '=', workerId).execute();
    },
    /** Whether some worker beat within the last `seconds`. */
    async anyWithin(seconds: number): Promise<boolean> {
      const fresh = await db
        .selectFrom('worker_heartbeats')
        .select('worker_id')
        .where('beat_at', '>', sql<Date>`now() - make_interval(secs => ${seconds})`)
        .limit(1)
        .executeTakeFirst();
      return fresh !== undefined;
    },
  };
}
export type WorkerHeartbeatsRepository = ReturnType<typeof createWorkerHeartbeatsRepository>;
