import { sql } from 'kysely';
import type { DB } from '../../db/database.js';

/** What the readiness probes ask the database. SQL only. */
export function createOpsRepository(db: DB) {
  return {
    async ping(): Promise<void> {
      await sql`select 1`.execute(db);
    },
    /** Names of the migrations applied to this database. */
    async appliedMigrations(): Promise<string[]> {
      const applied = await db
        .selectFrom('kysely_migration' as never)
        .select(sql<string>`name`.as('name'))
        .execute();
      return applied.map((row) => row.name);
    },
    /** Whether pg-boss's schema has its version row (it throws while the schema is missing). */
    async queueSchemaVersioned(): Promise<boolean> {
      const { rows } = await sql<{ version: number }>`select version from pgboss.version`.execute(
        db,
      );
      return rows.length > 0;
    },
  };
}
export type OpsRepository = ReturnType<typeof createOpsRepository>;
