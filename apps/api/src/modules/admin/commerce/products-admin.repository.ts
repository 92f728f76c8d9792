import { sql, type RawBuilder } from 'kysely';
import type { DB } from '../../../db/database.js';
import { channelRows } from '../channel-rows.repository.js';

/*
 * What an order (alias `o`, its items `i`) bought, as the shop reads it: an order without items
 * (older rows) grants its own product.
 */
const itemProductId = sql<number>`coalesce(i.product_id, o.product_id)`;
const itemProductType = sql<string>`coalesce(i.product_type, case when o.type = 'subscription' then 'subscription' else 'package' end)`;

/** How many orders bought a product, and how many viewers hold it now (paid, in force). */
function usage(db: DB, type: 'package' | 'subscription', idRef: RawBuilder<number>, now: Date) {
  const bought = db
    .selectFrom('orders as o')
    .leftJoin('order_items as i', 'i.order_id', 'o.id')
    .where(itemProductType, '=', type)
    .where(itemProductId, '=', idRef);
  return {
    orders: bought.select(sql<string>`count(distinct o.id)`.as('n')),
    holders: bought
      .where('o.status', '=', 'paid')
      .where('o.activity_status', '=', 'active')
      .where((eb) => eb.or([eb('o.period_end', 'is', null), eb('o.period_end', '>', now)]))
      .select(sql<string>`count(distinct o.user_id)`.as('n')),
  };
}

/** SQL only: the channel's passes (not a game's own package) and subscription plans. */
export function createProductsAdminRepository(db: DB) {
  const passes = (channelId: number, now: Date) => {
    const use = usage(db, 'package', sql<number>`p.id`, now);
    return db
      .selectFrom('packages as p')
      .selectAll('p')
      .select((eb) => [
        eb
          .selectFrom('package_event_categories as pec')
          .select((e) => e.fn.agg<number[]>('array_agg', ['pec.event_category_id']).as('ids'))
          .whereRef('pec.package_id', '=', 'p.id')
          .as('event_category_ids'),
        eb
          .selectFrom('package_participants as pp')
          .select((e) => e.fn.agg<number[]>('array_agg', ['pp.participant_id']).as('ids'))
          .whereRef('pp.package_id', '=', 'p.id')
          .as('participant_ids'),
        use.orders.as('orders'),
        use.holders.as('holders'),
      ])
      .where('p.channel_id', '=', channelId)
      .where('p.scope', '!=', 'single');
  };
  const plans = (channelId: number, now: Date) => {
    const use = usage(db, 'subscription', sql<number>`s.id`, now);
    return db
      .selectFrom('subscriptions as s')
      .selectAll('s')
      .select([use.orders.as('orders'), use.holders.as('holders')])
      .where('s.channel_id', '=', channelId);
  };

  return {
    passes: (channelId: number, now: Date) =>
      passes(channelId, now).orderBy('p.position').orderBy('p.id').execute(),
    pass: (channelId: number, id: number, now: Date) =>
      passes(channelId, now).where('p.id', '=', id).executeTakeFirst(),
    plans: (channelId: number, now: Date) =>
      plans(channelId, now).orderBy('s.position').orderBy('s.id').execute(),
    plan: (channelId: number, id: number, now: Date) =>
      plans(channelId, now).where('s.id', '=', id).executeTakeFirst(),

    packages: channelRows(db, 'packages'),
    subscriptions: channelRows(db, 'subscriptions'),

    /** What a pass covers, replaced as a whole (sports, or teams for a team pass). */
    async setCoverage(
      channelId: number,
      packageId: number,
      categoryIds: readonly number[],
      teamIds: readonly number[],
    ) {
      await db.deleteFrom('package_event_categories').where('package_id', '=', packageId).execute();
      await db.deleteFrom('package_participants').where('package_id', '=', packageId).execute();
      if (categoryIds.length > 0) {
        await db
          .insertInto('package_event_categories')
          .values(
            categoryIds.map((id) => ({
              channel_id: channelId,
              package_id: packageId,
              event_category_id: id,
            })),
          )
          .execute();
      }
      if (teamIds.length > 0) {
        await db
          .insertInto('package_participants')
          .values(
            teamIds.map((id) => ({
              channel_id: channelId,
              package_id: packageId,
              participant_id: id,
            })),
          )
          .execute();
      }
    },

    /** Which of these ids are the channel's own (sports, teams). */
    async ownIds(
      table: 'event_categories' | 'participants' | 'locations',
      channelId: number,
      ids: readonly number[],
    ): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom(table)
        .select('id')
        .where('channel_id', '=', channelId)
        .where('id', 'in', ids)
        .execute();
      return new Set(rows.map((r) => r.id));
    },
  };
}
export type ProductsAdminRepository = ReturnType<typeof createProductsAdminRepository>;
export type PassRow = NonNullable<Awaited<ReturnType<ProductsAdminRepository['pass']>>>;
export type PlanRow = NonNullable<Awaited<ReturnType<ProductsAdminRepository['plan']>>>;
