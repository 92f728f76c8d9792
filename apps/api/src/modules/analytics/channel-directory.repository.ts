import { sql } from 'kysely';
import type { DB } from '../../db/database.js';

/** Every channel's key, host names and time zone setting, by id. SQL only. */
export function createChannelDirectoryRepository(db: DB) {
  return {
    entries() {
      return db
        .selectFrom('channels as c')
        .leftJoin('settings as s', 's.channel_id', 'c.id')
        .select(['c.id', 'c.key', 'c.hosts', sql<string | null>`s.data->>'time_zone'`.as('zone')])
        .orderBy('c.id')
        .execute();
    },
  };
}
export type ChannelDirectoryRepository = ReturnType<typeof createChannelDirectoryRepository>;
