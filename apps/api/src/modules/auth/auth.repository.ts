import { sql } from 'kysely';
import type { DB } from '../../db/database.js';

/** SQL of accounts and the keys bound to them. */
export function createAuthRepository(db: DB) {
  return {
    findUserByEmail(channelId: number, email: string) {
      return db
        .selectFrom('users')
        .selectAll()
        .where('channel_id', '=', channelId)
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst();
    },

    findUserById(channelId: number, id: number) {
      return db
        .selectFrom('users')
        .selectAll()
        .where('channel_id', '=', channelId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Returns undefined when the email is taken (unique index), so a race cannot create two. */
    async insertUser(values: {
      channel_id: number;
      email: string;
      first_name: string;
      last_name: string;
      password_hash: string | null;
      newsletter: boolean;
      language: string;
      email_verified_at?: Date | null;
    }) {
      return db
        .insertInto('users')
        .values(values)
        .onConflict((oc) => oc.expression(sql`channel_id, lower(email)`).doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    updateUser(
      channelId: number,
      id: number,
      values: Partial<{
        email: string;
        first_name: string;
        last_name: string;
        newsletter: boolean;
        language: string;
        password_hash: string;
        temporary_password: boolean;
        email_verified_at: Date | null;
      }>,
    ) {
      return db
        .updateTable('users')
        .set({ ...values, updated_at: new Date() })
        .where('channel_id', '=', channelId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    async deleteUser(channelId: number, id: number) {
      await db
        .deleteFrom('users')
        .where('channel_id', '=', channelId)
        .where('id', '=', id)
        .execute();
    },

    async bindKey(keyId: string, userId: number, expiresAt: Date) {
      await db
        .updateTable('api_keys')
        .set({ user_id: userId, expires_at: expiresAt })
        .where('id', '=', keyId)
        .execute();
    },

    async revokeKey(keyId: string) {
      await db
        .updateTable('api_keys')
        .set({ revoked_at: new Date() })
        .where('id', '=', keyId)
        .execute();
    },

    /** Ends every session of a user (optionally but one); returns nothing to cache-evict by id. */
    async revokeUserKeys(userId: number, exceptKeyId?: string) {
      let q = db
        .updateTable('api_keys')
        .set({ revoked_at: new Date() })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null);
      if (exceptKeyId) q = q.where('id', '!=', exceptKeyId);
      await q.execute();
    },

    emailTaken(channelId: number, email: string, exceptUserId: number) {
      return db
        .selectFrom('users')
        .select('id')
        .where('channel_id', '=', channelId)
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .where('id', '!=', exceptUserId)
        .executeTakeFirst();
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
export type UserRow = NonNullable<Awaited<ReturnType<AuthRepository['findUserById']>>>;
