import { sql } from 'kysely';
import type { DB } from '../../../db/database.js';

export interface OrdersFilter {
  q?: string | undefined;
  status?: 'created' | 'failed' | 'paid' | 'refunded' | undefined;
  offset: number;
  limit: number;
}

/** `%`, `_` and `\` typed into the search are matched as themselves. */
const likeEscaped = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** SQL only: the channel's orders as the console searches and refunds them. */
export function createOrdersAdminRepository(db: DB) {
  const orders = (channelId: number) =>
    db
      .selectFrom('orders as o')
      .leftJoin('users as u', 'u.id', 'o.user_id')
      .leftJoin('promo_codes as c', 'c.id', 'o.promo_code_id')
      .selectAll('o')
      .select(['u.email', 'c.code as promo_code'])
      .where('o.channel_id', '=', channelId);

  return {
    async page(channelId: number, f: OrdersFilter) {
      let q = orders(channelId);
      if (f.status) q = q.where('o.status', '=', f.status);
      const text = f.q?.trim();
      if (text) {
        const id = /^#?\d{1,9}$/.test(text) ? Number(text.replace('#', '')) : null;
        q = q.where((eb) =>
          eb.or([
            eb('u.email', 'ilike', `%${likeEscaped(text)}%`),
            ...(id === null ? [] : [eb('o.id', '=', id)]),
          ]),
        );
      }
      const [rows, count] = await Promise.all([
        q
          .orderBy('o.created_at', 'desc')
          .orderBy('o.id', 'desc')
          .offset(f.offset)
          .limit(f.limit)
          .execute(),
        q
          .clearSelect()
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },
    byId: (channelId: number, id: number) =>
      orders(channelId).where('o.id', '=', id).executeTakeFirst(),

    /** The names of what orders bought (passes, plans, a game's own package). */
    async productNames(
      channelId: number,
      refs: { type: 'package' | 'subscription'; id: number }[],
    ) {
      const ids = (type: string) => [
        ...new Set(refs.filter((r) => r.type === type).map((r) => r.id)),
      ];
      const [packages, plans] = await Promise.all([
        ids('package').length
          ? db
              .selectFrom('packages')
              .select(['id', 'name'])
              .where('channel_id', '=', channelId)
              .where('id', 'in', ids('package'))
              .execute()
          : [],
        ids('subscription').length
          ? db
              .selectFrom('subscriptions')
              .select(['id', 'name'])
              .where('channel_id', '=', channelId)
              .where('id', 'in', ids('subscription'))
              .execute()
          : [],
      ]);
      return {
        package: new Map(packages.map((p) => [p.id, p.name])),
        subscription: new Map(plans.map((p) => [p.id, p.name])),
      };
    },
    items: (orderId: number) =>
      db
        .selectFrom('order_items')
        .selectAll()
        .where('order_id', '=', orderId)
        .orderBy('id')
        .execute(),

    /**
     * Whether the console's refund of this order is in the audit log already: refunds are
     * serialised by the change lock, so the first one writes the row and a repeat sees it.
     */
    async refundAudited(channelId: number, orderId: number) {
      const row = await db
        .selectFrom('admin_audit_log')
        .select('id')
        .where('channel_id', '=', channelId)
        .where('entity', '=', 'order')
        .where('entity_id', '=', orderId)
        .where(sql<string>`after->>'status'`, '=', 'refunded')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
export type OrdersAdminRepository = ReturnType<typeof createOrdersAdminRepository>;
export type AdminOrderRow = NonNullable<Awaited<ReturnType<OrdersAdminRepository['byId']>>>;
