import { CompiledQuery, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/database.js';

/**
 * pg-boss's `db` option over a Kysely instance. Parameterised statements go through Kysely, so on
 * PGlite (one connection) they queue behind whatever Kysely is running, transactions included.
 * pg-boss sends its schema and migration scripts as multi-statement text without parameters, which
 * PGlite only takes through exec(); those hold Kysely's connection while they run, and roll back
 * an aborted transaction block so the connection stays usable.
 */
export function kyselyBossDb(db: Kysely<unknown>, pglite?: DatabaseHandle['pglite']): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if ((values && values.length > 0) || !pglite) {
        const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
        return { rows: result.rows };
      }
      return db.connection().execute(async () => {
        try {
          const results = await pglite.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        } catch (error) {
          await pglite.exec('ROLLBACK').catch(() => undefined);
          throw error;
        }
      });
    },
  };
}

/**
 * The job queue on the application's database: its own pool on a PostgreSQL server, or the
 * embedded PGlite through kyselyBossDb. Maintenance (expiry, archiving) runs in the worker.
 * `onError` is required: pg-boss emits its pool's errors (a connection cut by the server), and an
 * 'error' event nobody listens to would end the process.
 */
export function createBoss(
  database: DatabaseHandle,
  databaseUrl: string | undefined,
  onError: (error: unknown) => void,
): PgBoss {
  const boss = createBossOn(database, databaseUrl);
  boss.on('error', onError);
  return boss;
}

/** pg-boss's tables (jobs are also sent in the application's transactions, and leases move a job's expiry). */
export const BOSS_SCHEMA = 'pgboss';

function createBossOn(database: DatabaseHandle, databaseUrl: string | undefined): PgBoss {
  const common = {
    schema: BOSS_SCHEMA,
    // No cron schedules are used; the clock-skew monitor would only add queries.
    schedule: false,
    monitorStateIntervalSeconds: 60,
  };
  if (database.kind === 'postgres' && databaseUrl) {
    return new PgBoss({ ...common, connectionString: databaseUrl, max: 4 });
  }
  return new PgBoss({
    ...common,
    db: kyselyBossDb(database.db as Kysely<unknown>, database.pglite),
  });
}
