import { createHash } from 'node:crypto';
import type { DB } from '../../../db/database.js';

/**
 * The address a person reads mail at: case, a `+tag` and Gmail's dots do not make another one, so
 * they do not make another free trial either. Migration 0006 computes the same in SQL.
 */
export function normaliseEmail(email: string): string {
  const e = email.trim().toLowerCase();
  const at = e.lastIndexOf('@');
  const domain = e.slice(at + 1);
  const local = e.slice(0, at).replace(/\+.*$/, '');
  const gmail = domain === 'gmail.com' || domain === 'googlemail.com';
  return gmail ? `${local.replaceAll('.', '')}@gmail.com` : `${local}@${domain}`;
}

/** Kept instead of the address: the claim outlives the account, the address need not. */
export const emailClaim = (email: string) =>
  createHash('sha256').update(normaliseEmail(email)).digest('hex');

/** A card fingerprint is only comparable with the same provider's. */
export const cardClaim = (provider: string, fingerprint: string) => `${provider}:${fingerprint}`;

export type ClaimKind = 'email' | 'card';

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
