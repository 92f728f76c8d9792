import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { DB } from '../../../db/database.js';
import type { OrderItemsTable, OrdersTable } from '../../../db/schema.js';
import { itemProductId, itemProductType } from './order-products.js';

export { itemProductId, itemProductType };

export type OrderRow = Selectable<OrdersTable>;
export type NewOrderItem = Omit<Insertable<OrderItemsTable>, 'order_id' | 'channel_id'>;

/** Orders (one per payment) and their items. SQL only; every query is scoped by channel. */
export function createOrdersRepository(db: DB) {
  const inForce = (now: Date) =>
    db
      .selectFrom('orders as o')
      .leftJoin('order_items as i', 'i.order_id', 'o.id')
      .where('o.status', '=', 'paid')
      .where('o.activity_status', '=', 'active')
      .where((eb) => eb.or([eb('o.period_end', 'is', null), eb('o.period_end', '>', now)]));

  return {
    async insert(order: Insertable<OrdersTable>, items: readonly NewOrderItem[]) {
      const row = await db
        .insertInto('orders')
        .values(order)
        .returningAll()
        .executeTakeFirstOrThrow();
      await db
        .insertInto('order_items')
        .values(items.map((i) => ({ ...i, order_id: row.id, channel_id: row.channel_id })))
        .execute();
      return row;
    },
    /**
     * Inserts unless an order with this idempotency key exists (a redelivered renewal). The key is
     * derived from the provider's reference, so the two unique indexes agree; the key's index is
     * the arbiter because it is checked first.
     */
    async insertOnce(order: Insertable<OrdersTable>, items: readonly NewOrderItem[]) {
      const row = await db
        .insertInto('orders')
        .values(order)
        .onConflict((oc) => oc.columns(['channel_id', 'idempotency_key']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!row) return undefined;
      await db
        .insertInto('order_items')
        .values(items.map((i) => ({ ...i, order_id: row.id, channel_id: row.channel_id })))
        .execute();
      return row;
    },
    /** The id the next order will have, taken ahead so that its idempotency key can name it. */
    async nextId(): Promise<number> {
      const { rows } = await sql<{
        id: string | number;
      }>`select nextval(pg_get_serial_sequence('orders', 'id')) as id`.execute(db);
      return Number(rows[0]?.id);
    },
    /**
     * Holds the buyer's row until the transaction ends, so one buyer's orders open one at a time
     * (NO KEY: rows that merely reference the user are not held up).
     */
    async lockBuyer(userId: number) {
      await db
        .selectFrom('users')
        .select('id')
        .where('id', '=', userId)
        .forNoKeyUpdate()
        .executeTakeFirst();
    },
    /** The buyer's open order for exactly this purchase (one at most: orders_one_open). */
    openByKey(channelId: number, userId: number, productKey: string) {
      return db
        .selectFrom('orders')
        .selectAll()
        .where('channel_id', '=', channelId)
        .where('user_id', '=', userId)
        .where('status', '=', 'created')
        .where('product_key', '=', productKey)
        .executeTakeFirst();
    },
    /** The buyer's open orders holding any of these products (a bundle shares its pass). */
    openHolding(
      channelId: number,
      userId: number,
      productType: OrderItemsTable['product_type'],
      productIds: readonly number[],
    ) {
      return db
        .selectFrom('orders')
        .selectAll()
        .where('channel_id', '=', channelId)
        .where('user_id', '=', userId)
        .where('status', '=', 'created')
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('order_items as i')
              .select('i.id')
              .whereRef('i.order_id', '=', 'orders.id')
              .where('i.product_type', '=', productType)
              .where('i.product_id', 'in', productIds),
          ),
        )
        .execute();
    },
    byId(id: number) {
      return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
    },
    forUser(channelId: number, userId: number, id: number) {
      return db
        .selectFrom('orders')
        .selectAll()
        .where('channel_id', '=', channelId)
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
    },
    byProviderRef(provider: string, ref: string) {
      return db
        .selectFrom('orders')
        .selectAll()
        .where('provider', '=', provider)
        .where('provider_ref', '=', ref)
        .executeTakeFirst();
    },
    /** Moves an order on only from `from`: of concurrent callers, exactly one gets the row. */
    transition(id: number, from: OrderRow['status'], set: Updateable<OrdersTable>) {
      return db
        .updateTable('orders')
        .set(set)
        .where('id', '=', id)
        .where('status', '=', from)
        .returningAll()
        .executeTakeFirst();
    },
    update(id: number, set: Updateable<OrdersTable>) {
      return db
        .updateTable('orders')
        .set(set)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },
    list(
      channelId: number,
      userId: number,
      f: {
        limit: number | null;
        offset: number;
        activeAt: Date | null;
        type?: OrdersTable['type'];
      },
    ) {
      let q = db
        .selectFrom('orders')
        .selectAll()
        .where('channel_id', '=', channelId)
        .where('user_id', '=', userId);
      if (f.type) q = q.where('type', '=', f.type);
      if (f.activeAt) {
        const at = f.activeAt;
        q = q
          .where('status', '=', 'paid')
          .where('activity_status', '=', 'active')
          .where((eb) => eb.or([eb('period_end', 'is', null), eb('period_end', '>', at)]));
      }
      const page = q.orderBy('created_at', 'desc').orderBy('id', 'desc').offset(f.offset);
      return Promise.all([
        (f.limit === null ? page : page.limit(f.limit)).execute(),
        q
          .clearSelect()
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
    },
    items(orderIds: readonly number[]) {
      if (orderIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('order_items')
        .selectAll()
        .where('order_id', 'in', orderIds)
        .orderBy('id')
        .execute();
    },
    /** Products the user holds now, through paid orders in force. */
    owned(channelId: number, userId: number, now: Date) {
      return inForce(now)
        .where('o.channel_id', '=', channelId)
        .where('o.user_id', '=', userId)
        .select([itemProductType.as('product_type'), itemProductId.as('product_id')])
        .execute();
    },
    /** Orders left 'created' since before `before`: the reconciliation job asks the provider. */
    /** A buyer's orders sent to the provider and not yet settled (orders_one_open serves it). */
    openOf(channelId: number, userId: number, limit: number) {
      return db
        .selectFrom('orders')
        .selectAll()
        .where('channel_id', '=', channelId)
        .where('user_id', '=', userId)
        .where('status', '=', 'created')
        .where('provider_ref', 'is not', null)
        .orderBy('id')
        .limit(limit)
        .execute();
    },
    staleCreated(before: Date, limit: number) {
      return db
        .selectFrom('orders')
        .selectAll()
        .where('status', '=', 'created')
        .where('created_at', '<', before)
        .orderBy('created_at')
        .limit(limit)
        .execute();
    },
    /** Orders whose period is over leave 'active': expired, or canceled when renewal was off. */
    async closeEnded(now: Date) {
      await db
        .updateTable('orders')
        .set((eb) => ({
          activity_status: eb
            .case()
            .when('renewal', '=', 'cancelled')
            .then('canceled' as const)
            .else('expired' as const)
            .end(),
          updated_at: now,
        }))
        .where('status', '=', 'paid')
        .where('activity_status', '=', 'active')
        .where('period_end', '<=', now)
        .execute();
    },
    /** Leaves 'active' every order of a subscription chain but `keepId`. */
    async closeChain(
      chainId: number,
      keepId: number | null,
      status: 'expired' | 'canceled',
      now: Date,
    ) {
      let q = db
        .updateTable('orders')
        .set({ activity_status: status, updated_at: now })
        .where('user_subscription_id', '=', chainId)
        .where('status', '=', 'paid')
        .where('activity_status', '=', 'active');
      if (keepId !== null) q = q.where('id', '<>', keepId);
      await q.execute();
    },
    async setChainRenewal(chainId: number, renewal: 'active' | 'cancelled', now: Date) {
      await db
        .updateTable('orders')
        .set({ renewal, updated_at: now })
        .where('user_subscription_id', '=', chainId)
        .where('status', 'in', ['created', 'paid'])
        .execute();
    },
    async customerRef(userId: number, provider: string) {
      const row = await db
        .selectFrom('payment_customers')
        .select('customer_ref')
        .where('user_id', '=', userId)
        .where('provider', '=', provider)
        .executeTakeFirst();
      return row?.customer_ref;
    },
    async saveCustomerRef(channelId: number, userId: number, provider: string, ref: string) {
      await db
        .insertInto('payment_customers')
        .values({ channel_id: channelId, user_id: userId, provider, customer_ref: ref })
        .onConflict((oc) => oc.columns(['user_id', 'provider']).doNothing())
        .execute();
    },
    /** Records a webhook/outbox event; false when it was seen already. */
    async recordEvent(provider: string, eventId: string, type: string) {
      const row = await db
        .insertInto('payment_events')
        .values({ provider, event_id: eventId, type })
        .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
        .returning('event_id')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
