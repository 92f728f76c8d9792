import { sql } from 'kysely';
import type { DB } from '../../db/database.js';

/** What a user's active purchases grant: accesses and feature counts of each purchased product. */
export function createAccessRepository(db: DB) {
  return {
    activeGrants(channelId: number, userId: number, now: Date) {
      const active = db
        .selectFrom('orders as o')
        .where('o.channel_id', '=', channelId)
        .where('o.user_id', '=', userId)
        .where('o.status', '=', 'paid')
        .where('o.activity_status', '=', 'active')
        .where((eb) => eb.or([eb('o.period_end', 'is', null), eb('o.period_end', '>', now)]));
      const packages = active
        .innerJoin('packages as p', (j) =>
          j.onRef('p.id', '=', 'o.product_id').on('p.channel_id', '=', channelId),
        )
        .where('o.type', 'in', ['event', 'package'])
        .select(['p.accesses', sql<Record<string, number>>`p.feature_counts`.as('feature_counts')]);
      const subscriptions = active
        .innerJoin('subscriptions as s', (j) =>
          j.onRef('s.id', '=', 'o.product_id').on('s.channel_id', '=', channelId),
        )
        .where('o.type', '=', 'subscription')
        .select(['s.accesses', sql<Record<string, number>>`s.feature_counts`.as('feature_counts')]);
      return packages.unionAll(subscriptions).execute();
    },
  };
}
export type AccessRepository = ReturnType<typeof createAccessRepository>;
