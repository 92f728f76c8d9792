import { sql, type Generated, type Insertable, type Updateable } from 'kysely';
import type { DB } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

/** Tables whose rows belong to one channel and are named by a numeric id. */
type ChannelTable = {
  [K in keyof Database]: Database[K] extends { id: Generated<number>; channel_id: number }
    ? K
    : never;
}[keyof Database];

/**
 * SQL only: the writes every console repository makes the same way on one channel-scoped table,
 * always bounded to the caller's channel (an id of another channel's row changes nothing).
 */
export function channelRows<T extends ChannelTable>(db: DB, table: T) {
  // Kysely's builder cannot type a query on a table name it knows only as a type parameter, so
  // these are written with its sql helpers: the table and columns as identifiers, values as
  // parameters, and the argument types exact for the table.
  const from = sql.table(table);
  const scope = (channelId: number, id: number) => sql`channel_id = ${channelId} and id = ${id}`;
  const written = (row: object) =>
    Object.entries(row).filter((entry): entry is [string, unknown] => entry[1] !== undefined);
  return {
    exists: async (channelId: number, id: number): Promise<boolean> => {
      const { rows } = await sql`select 1 from ${from} where ${scope(channelId, id)}`.execute(db);
      return rows.length > 0;
    },
    insert: async (row: Insertable<Database[T]>): Promise<number> => {
      const values = written(row);
      const { rows } = await sql<{ id: number }>`
        insert into ${from} (${sql.join(values.map(([column]) => sql.ref(column)))})
        values (${sql.join(values.map(([, value]) => value))})
        returning id
      `.execute(db);
      const [inserted] = rows;
      if (!inserted) throw new Error(`insert into ${table} returned no row`);
      return inserted.id;
    },
    update: async (
      channelId: number,
      id: number,
      patch: Updateable<Database[T]>,
    ): Promise<void> => {
      const values = written(patch);
      if (values.length === 0) return;
      const set = values.map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
      await sql`update ${from} set ${sql.join(set)} where ${scope(channelId, id)}`.execute(db);
    },
    delete: async (channelId: number, id: number): Promise<void> => {
      await sql`delete from ${from} where ${scope(channelId, id)}`.execute(db);
    },
  };
}
