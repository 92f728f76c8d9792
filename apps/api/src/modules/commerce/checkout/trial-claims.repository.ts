import type { DB } from '../../../db/database.js';
import type { ClaimKind } from './trial-claims.js';

/** Who already had a free trial, per channel: by email and by card. SQL only. */
export function createTrialClaimsRepository(db: DB) {
  return {
    /** The claim, when someone holds it (user_id: null once their account is gone). */
    find(channelId: number, kind: ClaimKind, value: string) {
      return db
        .selectFrom('trial_claims')
        .select('user_id')
        .where('channel_id', '=', channelId)
        .where('kind', '=', kind)
        .where('value', '=', value)
        .executeTakeFirst();
    },
    /** Takes the claim; false when someone holds it already (concurrent callers: one wins). */
    async claim(channelId: number, userId: number, kind: ClaimKind, value: string) {
      const row = await db
        .insertInto('trial_claims')
        .values({ channel_id: channelId, user_id: userId, kind, value })
        .onConflict((oc) => oc.columns(['channel_id', 'kind', 'value']).doNothing())
        .returning('value')
        .executeTakeFirst();
      return row !== undefined;
    },
    /** A trial whose card was refused was never given: its claims go with it. */
    async release(channelId: number, userId: number) {
      await db
        .deleteFrom('trial_claims')
        .where('channel_id', '=', channelId)
        .where('user_id', '=', userId)
        .execute();
    },
  };
}
