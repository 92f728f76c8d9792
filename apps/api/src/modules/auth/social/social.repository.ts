import type { DB } from '../../../db/database.js';

export function createSocialRepository(db: DB) {
  return {
    async insertState(values: {
      channel_id: number;
      api_key_id: string;
      provider: string;
      state: string;
      browser_binding_hash: Buffer;
      code_verifier: string;
      nonce: string;
      return_to: string | null;
      expires_at: Date;
    }) {
      await db.insertInto('oauth_states').values(values).execute();
    },

    /** Marks the state used and returns it, once: a replayed callback finds nothing. */
    takeState(state: string, now: Date) {
      return db
        .updateTable('oauth_states')
        .set({ used_at: now })
        .where('state', '=', state)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returningAll()
        .executeTakeFirst();
    },

    findIdentity(channelId: number, provider: string, subject: string) {
      return db
        .selectFrom('user_identities')
        .select('user_id')
        .where('channel_id', '=', channelId)
        .where('provider', '=', provider)
        .where('subject', '=', subject)
        .executeTakeFirst();
    },

    async linkIdentity(channelId: number, userId: number, provider: string, subject: string) {
      await db
        .insertInto('user_identities')
        .values({ channel_id: channelId, user_id: userId, provider, subject })
        .onConflict((oc) => oc.columns(['channel_id', 'provider', 'subject']).doNothing())
        .execute();
    },

    async insertCode(values: {
      channel_id: number;
      user_id: number;
      api_key_id: string;
      code_hash: Buffer;
      expires_at: Date;
    }) {
      await db.insertInto('auth_codes').values(values).execute();
    },

    takeCode(codeHash: Buffer, now: Date) {
      return db
        .updateTable('auth_codes')
        .set({ used_at: now })
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returningAll()
        .executeTakeFirst();
    },
  };
}
export type SocialRepository = ReturnType<typeof createSocialRepository>;
