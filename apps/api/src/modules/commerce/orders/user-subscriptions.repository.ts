import type { Insertable, Updateable } from 'kysely';
import type { DB } from '../../../db/database.js';
import type { UserSubscriptionsTable } from '../../../db/schema.js';

/** The subscriptions users hold (chains of orders). SQL only. */
export function createUserSubscriptionsRepository(db: DB) {
  return {
    async insert(row: Insertable<UserSubscriptionsTable>) {
      return db
        .insertInto('user_subscriptions')
        .values(row)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    byId(id: number) {
      return db
        .selectFrom('user_subscriptions')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
    },
    /** Renewal on or off from the other state only: of concurrent callers, one gets the row. */
    setRenewal(id: number, renewal: 'active' | 'cancelled', now: Date) {
      return db
        .updateTable('user_subscriptions')
        .set({ renewal, updated_at: now })
        .where('id', '=', id)
        .where('renewal', '=', renewal === 'active' ? 'cancelled' : 'active')
        .returningAll()
        .executeTakeFirst();
    },
    byProviderRef(provider: string, ref: string) {
      return db
        .selectFrom('user_subscriptions')
        .selectAll()
        .where('provider', '=', provider)
        .where('provider_ref', '=', ref)
        .executeTakeFirst();
    },
    /** The user's subscription to this product that is not over yet, if any. */
    live(userId: number, subscriptionId: number) {
      return db
        .selectFrom('user_subscriptions')
        .selectAll()
        .where('user_id', '=', userId)
        .where('subscription_id', '=', subscriptionId)
        .where('status', 'in', ['incomplete', 'trialing', 'active', 'past_due'])
        .executeTakeFirst();
    },
    /**
     * The provider refs of the user's subscriptions with this provider that renew by `until` (or
     * should have): live, auto-renewal on, the period ending by then. The one-live index's user_id.
     */
    async renewingBy(channelId: number, userId: number, provider: string, until: Date) {
      const rows = await db
        .selectFrom('user_subscriptions')
        .select('provider_ref')
        .where('user_id', '=', userId)
        .where('channel_id', '=', channelId)
        .where('provider', '=', provider)
        .where('status', 'in', ['trialing', 'active'])
        .where('renewal', '=', 'active')
        .where('current_period_end', '<=', until)
        .where('provider_ref', 'is not', null)
        .execute();
      return rows.flatMap((r) => (r.provider_ref ? [r.provider_ref] : []));
    },
    update(id: number, set: Updateable<UserSubscriptionsTable>) {
      return db
        .updateTable('user_subscriptions')
        .set(set)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },
    /** Ends a subscription still live; returns it only to the caller that ended it. */
    end(id: number, status: 'canceled' | 'expired', now: Date) {
      return db
        .updateTable('user_subscriptions')
        .set({ status, updated_at: now })
        .where('id', '=', id)
        .where('status', 'in', ['incomplete', 'trialing', 'active', 'past_due'])
        .returningAll()
        .executeTakeFirst();
    },
    statuses(ids: readonly number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('user_subscriptions')
        .select(['id', 'status', 'trial_end'])
        .where('id', 'in', ids)
        .execute();
    },
  };
}
export type UserSubscriptionsRepository = ReturnType<typeof createUserSubscriptionsRepository>;
