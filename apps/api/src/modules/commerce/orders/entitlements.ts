import { sql } from 'kysely';
import type { DB } from '../../../db/database.js';
import { itemProductId, itemProductType } from './order-products.js';

/**
 * Which paid events a user may watch because of what they bought. An event is covered by its
 * single-event package, a category pass of its category, a team pass of one of its teams, or a
 * subscription granting `watch`, each held through a paid order in force. For the events and media
 * services: `hasAccess(type, isLoggedIn, covered.has(event.id))`.
 */
export function createEntitlements(db: DB) {
  return {
    async purchasedEventIds(
      channelId: number,
      userId: number | null,
      eventIds: readonly number[],
      now: Date = new Date(),
    ): Promise<Set<number>> {
      if (userId === null || eventIds.length === 0) return new Set();
      const held = await db
        .selectFrom('orders as o')
        .leftJoin('order_items as i', 'i.order_id', 'o.id')
        .leftJoin('packages as p', (j) =>
          j.on('p.id', '=', itemProductId).on(itemProductType, '=', 'package'),
        )
        .leftJoin('subscriptions as s', (j) =>
          j.on('s.id', '=', itemProductId).on(itemProductType, '=', 'subscription'),
        )
        .select([itemProductType.as('product_type'), itemProductId.as('product_id')])
        .where('o.channel_id', '=', channelId)
        .where('o.user_id', '=', userId)
        .where('o.status', '=', 'paid')
        .where('o.activity_status', '=', 'active')
        .where((eb) => eb.or([eb('o.period_end', 'is', null), eb('o.period_end', '>', now)]))
        .where((eb) =>
          eb.or([
            eb(sql.lit('watch'), '=', eb.fn.any('p.accesses')),
            eb(sql.lit('watch'), '=', eb.fn.any('s.accesses')),
          ]),
        )
        .execute();
      if (held.some((h) => h.product_type === 'subscription')) return new Set(eventIds);
      const packageIds = [...new Set(held.map((h) => h.product_id))];
      if (packageIds.length === 0) return new Set();
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
      return new Set(rows.map((r) => r.id));
    },
  };
}
export type Entitlements = ReturnType<typeof createEntitlements>;
