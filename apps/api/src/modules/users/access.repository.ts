import { sql } from 'kysely';
import type { DB } from '../../db/database.js';
import { itemProductId, itemProductType } from '../commerce/orders/order-products.js';

/**
 * What a user's purchases grant now: the accesses and feature counts of every product in a paid
 * order that is still in force (active, period not over). A refunded order is 'refunded' and an
 * ended one is past its period_end or no longer 'active', so neither grants anything. A bundle's
 * items (a pass and its add-ons) each grant their own; an order without items grants its product.
 */
export function createAccessRepository(db: DB) {
  return {
    activeGrants(channelId: number, userId: number, now: Date) {
      const active = db
        .selectFrom('orders as o')
        .leftJoin('order_items as i', 'i.order_id', 'o.id')
        .where('o.channel_id', '=', channelId)
        .where('o.user_id', '=', userId)
        .where('o.status', '=', 'paid')
        .where('o.activity_status', '=', 'active')
        .where((eb) => eb.or([eb('o.period_end', 'is', null), eb('o.period_end', '>', now)]));
      const packages = active
        .innerJoin('packages as p', (j) =>
          j.on('p.id', '=', itemProductId).on('p.channel_id', '=', channelId),
        )
        .where(itemProductType, '=', 'package')
        .select(['p.accesses', sql<Record<string, number>>`p.feature_counts`.as('feature_counts')]);
      const subscriptions = active
        .innerJoin('subscriptions as s', (j) =>
          j.on('s.id', '=', itemProductId).on('s.channel_id', '=', channelId),
        )
        .where(itemProductType, '=', 'subscription')
        .select(['s.accesses', sql<Record<string, number>>`s.feature_counts`.as('feature_counts')]);
      return packages.unionAll(subscriptions).execute();
    },
  };
}
export type AccessRepository = ReturnType<typeof createAccessRepository>;
