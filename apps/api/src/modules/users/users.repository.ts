import type { DB } from '../../db/database.js';

export function createUsersRepository(db: DB) {
  return {
    findById(channelId: number, id: number) {
      return db
        .selectFrom('users')
        .selectAll()
        .where('channel_id', '=', channelId)
        .where('id', '=', id)
        .executeTakeFirst();
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
