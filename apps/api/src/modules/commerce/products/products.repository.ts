import type { DB } from '../../../db/database.js';

/** What can be bought: passes (packages), subscriptions and the events sold one by one. SQL only. */
export function createProductsRepository(db: DB) {
  const packages = (channelId: number) =>
    db
      .selectFrom('packages')
      .selectAll()
      .select((eb) => [
        eb
          .selectFrom('package_event_categories as pec')
          .select((e) => e.fn.agg<number[]>('array_agg', ['pec.event_category_id']).as('ids'))
          .whereRef('pec.package_id', '=', 'packages.id')
          .as('event_category_ids'),
        eb
          .selectFrom('package_participants as pp')
          .select((e) => e.fn.agg<number[]>('array_agg', ['pp.participant_id']).as('ids'))
          .whereRef('pp.package_id', '=', 'packages.id')
          .as('participant_ids'),
      ])
      .where('channel_id', '=', channelId);

  return {
    /** Passes as listed to buyers: single-event packages are bought from their event. */
    passes(channelId: number) {
      return packages(channelId)
        .where('scope', '!=', 'single')
        .orderBy('position')
        .orderBy('id')
        .execute();
    },
    package(channelId: number, id: number) {
      return packages(channelId).where('id', '=', id).executeTakeFirst();
    },
    packagesByIds(channelId: number, ids: readonly number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return packages(channelId).where('id', 'in', ids).execute();
    },
    subscriptions(channelId: number) {
      return db
        .selectFrom('subscriptions')
        .selectAll()
        .where('channel_id', '=', channelId)
        .where('disabled', '=', false)
        .orderBy('position')
        .orderBy('id')
        .execute();
    },
    subscription(channelId: number, id: number) {
      return db
        .selectFrom('subscriptions')
        .selectAll()
        .where('channel_id', '=', channelId)
        .where('id', '=', id)
        .executeTakeFirst();
    },
    subscriptionsByIds(channelId: number, ids: readonly number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('subscriptions')
        .selectAll()
        .where('channel_id', '=', channelId)
        .where('id', 'in', ids)
        .execute();
    },
    event(channelId: number, id: number) {
      return db
        .selectFrom('events')
        .select(['id', 'access_type', 'single_event_package_id', 'event_category_id', 'published'])
        .where('channel_id', '=', channelId)
        .where('id', '=', id)
        .executeTakeFirst();
    },
    eventsByIds(channelId: number, ids: readonly number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('events')
        .select(['id', 'event_category_id', 'home_participant_id'])
        .where('channel_id', '=', channelId)
        .where('id', 'in', ids)
        .execute();
    },
    async setTrialUsed(userId: number): Promise<boolean> {
      const row = await db
        .updateTable('users')
        .set({ trial_period_used: true })
        .where('id', '=', userId)
        .where('trial_period_used', '=', false)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
    /** A trial whose card was refused was never started: the user keeps it. */
    async resetTrial(userId: number) {
      await db
        .updateTable('users')
        .set({ trial_period_used: false })
        .where('id', '=', userId)
        .execute();
    },
    user(channelId: number, userId: number) {
      return db
        .selectFrom('users')
        .select(['id', 'email', 'trial_period_used', 'email_verified_at'])
        .where('channel_id', '=', channelId)
        .where('id', '=', userId)
        .executeTakeFirst();
    },
  };
}
export type ProductsRepository = ReturnType<typeof createProductsRepository>;
export type PackageRow = NonNullable<Awaited<ReturnType<ProductsRepository['package']>>>;
export type SubscriptionRow = NonNullable<Awaited<ReturnType<ProductsRepository['subscription']>>>;
