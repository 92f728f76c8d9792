import { sql } from 'kysely';
import type { DB } from '../../../db/database.js';
import { itemProductId, itemProductType } from './orders.repository.js';

/**
 * What paid orders in force hold: an order is in force while paid, 'active' and not past its
 * period_end (a refunded order is 'refunded', an ended one inactive or past its period). A bundle's
 * items each count; an order without items counts its own product. SQL only.
 */
export function createEntitlementsRepository(db: DB) {
  const inForce = (channelId: number, userId: number, now: Date) =>
    db
      .selectFrom('orders as o')
      .leftJoin('order_items as i', 'i.order_id', 'o.id')
      .where('o.channel_id', '=', channelId)
      .where('o.user_id', '=', userId)
      .where('o.status', '=', 'paid')
      .where('o.activity_status', '=', 'active')
      .where((eb) => eb.or([eb('o.period_end', 'is', null), eb('o.period_end', '>', now)]));
  return {
    /** The products held in force that grant `watch`. */
    watchProducts(channelId: number, userId: number, now: Date) {
      return inForce(channelId, userId, now)
        .leftJoin('packages as p', (j) =>
          j.on('p.id', '=', itemProductId).on(itemProductType, '=', 'package'),
        )
        .leftJoin('subscriptions as s', (j) =>
          j.on('s.id', '=', itemProductId).on(itemProductType, '=', 'subscription'),
        )
        .select([itemProductType.as('product_type'), itemProductId.as('product_id')])
        .where((eb) =>
          eb.or([
            eb(sql.lit('watch'), '=', eb.fn.any('p.accesses')),
            eb(sql.lit('watch'), '=', eb.fn.any('s.accesses')),
          ]),
        )
        .execute();
    },
    /**
     * Which of these events the packages cover: an event's single-event package, a package of the
     * event, a category pass of its category, or a team pass of one of its teams.
     */
    async eventsCoveredBy(
      channelId: number,
      eventIds: readonly number[],
      packageIds: number[],
    ): Promise<number[]> {
      const rows = await db
        .selectFrom('events as e')
        .select('e.id')
        .where('e.channel_id', '=', channelId)
        .where('e.id', 'in', eventIds)
        .where((eb) =>
          eb.or([
            eb('e.single_event_package_id', 'in', packageIds),
            eb.exists(
              eb
                .selectFrom('packages as p')
                .select('p.id')
                .where('p.id', 'in', packageIds)
                .whereRef('p.event_id', '=', 'e.id'),
            ),
            eb.exists(
              eb
                .selectFrom('package_event_categories as pec')
                .innerJoin('packages as p', 'p.id', 'pec.package_id')
                .select('pec.package_id')
                .where('pec.package_id', 'in', packageIds)
                .where('p.is_team_pass', '=', false)
                .whereRef('pec.event_category_id', '=', 'e.event_category_id'),
            ),
            eb.exists(
              eb
                .selectFrom('package_participants as pp')
                .innerJoin('event_participants as ep', 'ep.participant_id', 'pp.participant_id')
                .select('pp.package_id')
                .where('pp.package_id', 'in', packageIds)
                .whereRef('ep.event_id', '=', 'e.id'),
            ),
          ]),
        )
        .execute();
      return rows.map((r) => r.id);
    },
    /** The accesses and feature counts of every product held in force (packages and plans). */
    activeGrants(channelId: number, userId: number, now: Date) {
      const active = inForce(channelId, userId, now);
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
export type EntitlementsRepository = ReturnType<typeof createEntitlementsRepository>;
