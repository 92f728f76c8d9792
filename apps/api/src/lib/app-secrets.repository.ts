import type { DB } from '../db/database.js';

/** Server secrets kept in the database (app_secrets). SQL only. */
export function createAppSecretsRepository(db: DB) {
  return {
    /** Stores the value unless the name has one already (concurrent starts: the first one wins). */
    async keepFirst(name: string, value: string): Promise<void> {
      await db
        .insertInto('app_secrets')
        .values({ name, value })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
    },
    async value(name: string): Promise<string> {
      const row = await db
        .selectFrom('app_secrets')
        .select('value')
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      return row.value;
    },
  };
}
export type AppSecretsRepository = ReturnType<typeof createAppSecretsRepository>;
