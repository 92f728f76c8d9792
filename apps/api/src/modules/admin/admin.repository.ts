import type { DB } from '../../db/database.js';

/** SQL only: who holds the admin role, and what the console shows of them and their channel. */
export function createAdminRepository(db: DB) {
  return {
    /** The admin's e-mail, or null when the user is not an admin of that channel. */
    async adminEmail(userId: number, channelId: number): Promise<string | null> {
      const row = await db
        .selectFrom('users')
        .select('email')
        .where('id', '=', userId)
        .where('channel_id', '=', channelId)
        .where('role', '=', 'admin')
        .executeTakeFirst();
      return row?.email ?? null;
    },

    user(userId: number) {
      return db
        .selectFrom('users')
        .select(['id', 'email', 'first_name', 'last_name'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
    },

    channel(channelId: number) {
      return db
        .selectFrom('channels')
        .select(['key', 'name'])
        .where('id', '=', channelId)
        .executeTakeFirstOrThrow();
    },
  };
}
export type AdminRepository = ReturnType<typeof createAdminRepository>;
