import { sql, type Insertable, type Updateable } from 'kysely';
import type { DB } from '../../../db/database.js';
import type { Database, SandboxPaymentsTable } from '../../../db/schema.js';

/** The sandbox processor's own ledger: SQL only. */
export function createSandboxRepository(db: DB) {
  return {
    cards(channelId: number, userId: number) {
      return db
        .selectFrom('sandbox_cards')
        .selectAll()
        .where('channel_id', '=', channelId)
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .execute();
    },
    card(id: string) {
      return db.selectFrom('sandbox_cards').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async insertCard(row: Insertable<Database['sandbox_cards']>) {
      await db.insertInto('sandbox_cards').values(row).execute();
    },

    /** Inserts unless a payment with the same idempotency key exists; returns the stored one. */
    async insertPayment(row: Insertable<SandboxPaymentsTable>) {
      await db
        .insertInto('sandbox_payments')
        .values(row)
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .execute();
      return db
        .selectFrom('sandbox_payments')
        .selectAll()
        .where('idempotency_key', '=', row.idempotency_key)
        .executeTakeFirstOrThrow();
    },
    payment(ref: string | null, idempotencyKey: string) {
      return db
        .selectFrom('sandbox_payments')
        .selectAll()
        .select(sql<string | null>`metadata->>'refund_ref'`.as('refund_ref'))
        .where((eb) => (ref ? eb('id', '=', ref) : eb('idempotency_key', '=', idempotencyKey)))
        .executeTakeFirst();
    },
    /** Moves a payment on only from the state the caller saw: concurrent callers act once. */
    setPaymentStatus(
      id: string,
      from: SandboxPaymentsTable['status'],
      to: Pick<
        Updateable<SandboxPaymentsTable>,
        'status' | 'outcome' | 'failure_code' | 'settle_at'
      >,
      now: Date,
    ) {
      return db
        .updateTable('sandbox_payments')
        .set({ ...to, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', from)
        .returningAll()
        .executeTakeFirst();
    },
    /** Refunds a succeeded payment once, keeping the refund's id and amount in its metadata. */
    refundPayment(id: string, refundRef: string, amountCents: number, now: Date) {
      const refund = JSON.stringify({ refund_ref: refundRef, refunded_cents: String(amountCents) });
      return db
        .updateTable('sandbox_payments')
        .set({
          status: 'refunded',
          updated_at: now,
          metadata: sql`metadata || ${refund}::jsonb`,
        })
        .where('id', '=', id)
        .where('status', '=', 'succeeded')
        .returningAll()
        .executeTakeFirst();
    },
    duePayments(now: Date, limit: number) {
      return db
        .selectFrom('sandbox_payments')
        .select('id')
        .where('status', '=', 'processing')
        .where('settle_at', '<=', now)
        .orderBy('settle_at')
        .limit(limit)
        .execute();
    },

    async insertSubscription(row: Insertable<Database['sandbox_subscriptions']>) {
      await db
        .insertInto('sandbox_subscriptions')
        .values(row)
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },
    updateSubscription(
      id: string,
      set: {
        status?: 'trialing' | 'active' | 'past_due' | 'canceled';
        cancel_at_period_end?: boolean;
        current_period_end?: Date;
      },
      onlyIfNot?: 'canceled',
    ) {
      let q = db.updateTable('sandbox_subscriptions').set(set).where('id', '=', id);
      if (onlyIfNot) q = q.where('status', '<>', onlyIfNot);
      return q.returningAll().executeTakeFirst();
    },
    /** Live subscriptions whose period ends before `until` and that still renew. */
    /** Subscriptions to renew by `until` (only those of `ids` when given). */
    dueRenewals(until: Date, limit: number, ids?: readonly string[]) {
      return db
        .selectFrom('sandbox_subscriptions')
        .selectAll()
        .where('status', 'in', ['trialing', 'active'])
        .where('cancel_at_period_end', '=', false)
        .where('current_period_end', '<=', until)
        .$if(ids !== undefined, (qb) => qb.where('id', 'in', ids ?? []))
        .orderBy('current_period_end')
        .limit(limit)
        .execute();
    },
    /** The renewal payments of these subscriptions that are not settled yet. */
    openRenewals(subscriptionIds: readonly string[]) {
      return db
        .selectFrom('sandbox_payments')
        .select([
          'id',
          'settle_at',
          sql<string | null>`metadata->>'period_start'`.as('period_start'),
        ])
        .where('status', '=', 'processing')
        .where(sql<string>`metadata->>'kind'`, '=', 'renewal')
        .where(sql<string>`metadata->>'subscription_ref'`, 'in', subscriptionIds)
        .execute();
    },
    /** Outbox events not delivered yet about these subscriptions. */
    pendingEventsOf(subscriptionIds: readonly string[]) {
      return db
        .selectFrom('sandbox_events')
        .select(['id', 'type', sql<Record<string, unknown>>`payload`.as('payload')])
        .where('delivered_at', 'is', null)
        .where(sql<string>`payload->>'subscriptionRef'`, 'in', subscriptionIds)
        .orderBy('id')
        .execute();
    },
    /** Subscriptions whose period is over and that will not renew (cancelled or unpaid). */
    ending(now: Date, limit: number) {
      return db
        .selectFrom('sandbox_subscriptions')
        .select('id')
        .where('status', '<>', 'canceled')
        .where('current_period_end', '<=', now)
        .where((eb) =>
          eb.or([eb('cancel_at_period_end', '=', true), eb('status', '=', 'past_due')]),
        )
        .limit(limit)
        .execute();
    },

    async addEvent(channelId: number, type: string, payload: Record<string, unknown>) {
      await db
        .insertInto('sandbox_events')
        .values({ channel_id: channelId, type, payload: JSON.stringify(payload) })
        .execute();
    },
    pendingEvents(limit: number) {
      return db
        .selectFrom('sandbox_events')
        .select(['id', 'type', sql<Record<string, unknown>>`payload`.as('payload')])
        .where('delivered_at', 'is', null)
        .orderBy('id')
        .limit(limit)
        .execute();
    },
    async ackEvent(id: string, now: Date) {
      await db
        .updateTable('sandbox_events')
        .set({ delivered_at: now })
        .where('id', '=', id)
        .execute();
    },
  };
}
