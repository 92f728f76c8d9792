import type { DB } from '../../../db/database.js';
import { createOrdersRepository, type OrderRow } from './orders.repository.js';
import { createProductsRepository } from '../products/products.repository.js';
import { createPromoRepository } from '../promo/promo.repository.js';
import type { PaymentProvider, ProviderEvent } from '../providers/provider.js';
import { createUserSubscriptionsRepository } from './user-subscriptions.repository.js';
import { createPurchaseMailsRepository } from '../mail/purchase-mails.repository.js';

/** An order its buyer never completed (second step abandoned) fails after this long. */
export const ABANDON_AFTER_MS = 24 * 3_600_000;
/** A buyer has one open order per product at most; a read syncs this many of them. */
const OPEN_ORDERS_SYNCED = 10;

const reposOf = (db: DB) => ({
  orders: createOrdersRepository(db),
  subs: createUserSubscriptionsRepository(db),
  promo: createPromoRepository(db),
  products: createProductsRepository(db),
  mails: createPurchaseMailsRepository(db),
});
type Repos = ReturnType<typeof reposOf>;

/**
 * Turns payment outcomes into orders and access. Every path (webhook, sandbox outbox, the buyer's
 * return, the reconciliation job) ends in the same conditional updates inside one transaction:
 * `created → paid` happens once whoever arrives first, and a redelivered event is a no-op because
 * its id is recorded in the same transaction as its effects.
 */
export function createFulfilment(deps: { db: DB; provider: PaymentProvider; now: () => Date }) {
  const { db, provider, now } = deps;
  const inTrx = <T>(fn: (r: Repos) => Promise<T>) =>
    db.transaction().execute((trx) => fn(reposOf(trx)));

  async function markPaid(r: Repos, order: OrderRow): Promise<boolean> {
    const t = now();
    const paid = await r.orders.transition(order.id, 'created', {
      status: 'paid',
      activity_status: 'active',
      fulfilled_at: t,
      updated_at: t,
    });
    if (!paid) return false;
    // Owed in the transaction that marks it paid: once, and never lost to a crash after it.
    if (paid.user_id !== null) {
      await r.mails.owe({
        channelId: paid.channel_id,
        userId: paid.user_id,
        kind: 'receipt',
        orderId: paid.id,
      });
    }
    if (paid.user_subscription_id) {
      const chain = await r.subs.byId(paid.user_subscription_id);
      if (chain?.status === 'incomplete') {
        const trial = chain.trial_end !== null && paid.amount_cents === 0;
        await r.subs.update(chain.id, {
          status: trial ? 'trialing' : 'active',
          current_period_end: paid.period_end,
          updated_at: t,
        });
      }
    }
    return true;
  }

  async function markFailed(r: Repos, order: OrderRow, code: string): Promise<boolean> {
    const t = now();
    const failed = await r.orders.transition(order.id, 'created', {
      status: 'failed',
      activity_status: 'inactive',
      failure_code: code.slice(0, 64),
      updated_at: t,
    });
    if (!failed) return false;
    await r.promo.release(order.id);
    if (failed.user_subscription_id) await r.subs.end(failed.user_subscription_id, 'expired', t);
    return true;
  }

  async function markRefunded(r: Repos, ref: string): Promise<string | null> {
    const order = await r.orders.byProviderRef(provider.name, ref);
    if (!order) return null;
    const t = now();
    const done = await r.orders.transition(order.id, 'paid', {
      status: 'refunded',
      activity_status: 'canceled',
      updated_at: t,
    });
    if (done?.user_id != null) {
      await r.mails.owe({
        channelId: done.channel_id,
        userId: done.user_id,
        kind: 'refund',
        orderId: done.id,
      });
    }
    if (!done?.user_subscription_id) return null;
    const chain = await r.subs.end(done.user_subscription_id, 'canceled', t);
    await r.orders.closeChain(done.user_subscription_id, null, 'canceled', t);
    return chain?.provider_ref ?? null;
  }

  /** The order an event is about: by our id from the metadata, else by the provider's id. */
  async function orderOf(r: Repos, ref: string, orderId: number | null) {
    const byRef = await r.orders.byProviderRef(provider.name, ref);
    if (byRef || orderId === null) return byRef;
    const byId = await r.orders.byId(orderId);
    if (!byId || byId.provider !== provider.name || byId.provider_ref) return undefined;
    return r.orders.update(byId.id, { provider_ref: ref });
  }

  async function renewed(r: Repos, e: Extract<ProviderEvent, { type: 'subscription.renewed' }>) {
    const chain = await r.subs.byProviderRef(provider.name, e.subscriptionRef);
    // A subscription the shop has ended (never paid, refunded) is not revived by a late charge.
    if (!chain || chain.status === 'canceled' || chain.status === 'expired') return;
    const product = await r.products.subscription(chain.channel_id, chain.subscription_id);
    if (!product) return;
    const t = now();
    const order = await r.orders.insertOnce(
      {
        channel_id: chain.channel_id,
        user_id: chain.user_id,
        type: 'subscription',
        kind: 'subscription_renewal',
        product_id: chain.subscription_id,
        status: 'paid',
        activity_status: 'active',
        renewal: chain.renewal,
        amount_cents: e.amountCents,
        currency: product.currency,
        provider: provider.name,
        provider_ref: e.paymentRef,
        idempotency_key: `renewal:${provider.name}:${e.paymentRef}`,
        user_subscription_id: chain.id,
        payment_method_ref: chain.payment_method_ref,
        period_start: e.periodStart,
        period_end: e.periodEnd,
        fulfilled_at: t,
        created_at: t,
        updated_at: t,
      },
      [
        {
          item_type: 'subscription',
          product_type: 'subscription',
          product_id: chain.subscription_id,
          amount_cents: e.amountCents,
          fee_cents: Math.min(product.service_fee_cents, e.amountCents),
        },
      ],
    );
    if (!order) return;
    await r.mails.owe({
      channelId: chain.channel_id,
      userId: chain.user_id,
      kind: 'receipt',
      orderId: order.id,
    });
    // The new period's order carries access on; the previous ones are history now.
    await r.orders.closeChain(chain.id, order.id, 'expired', t);
    await r.subs.update(chain.id, {
      status: 'active',
      current_period_end: e.periodEnd,
      updated_at: t,
    });
  }

  async function renewalFailed(r: Repos, e: { subscriptionRef: string; paymentRef: string }) {
    const chain = await r.subs.byProviderRef(provider.name, e.subscriptionRef);
    if (!chain) return;
    const product = await r.products.subscription(chain.channel_id, chain.subscription_id);
    if (!product) return;
    const t = now();
    await r.subs.update(chain.id, { status: 'past_due', updated_at: t });
    // Recorded so the buyer sees the failed charge among their transactions.
    const failed = await r.orders.insertOnce(
      {
        channel_id: chain.channel_id,
        user_id: chain.user_id,
        type: 'subscription',
        kind: 'subscription_renewal',
        product_id: chain.subscription_id,
        status: 'failed',
        activity_status: 'inactive',
        renewal: chain.renewal,
        amount_cents: product.base_price_cents + product.service_fee_cents,
        currency: product.currency,
        provider: provider.name,
        provider_ref: e.paymentRef,
        idempotency_key: `renewal:${provider.name}:${e.paymentRef}`,
        user_subscription_id: chain.id,
        failure_code: 'card_declined',
        created_at: t,
        updated_at: t,
      },
      [
        {
          item_type: 'subscription',
          product_type: 'subscription',
          product_id: chain.subscription_id,
          amount_cents: product.base_price_cents + product.service_fee_cents,
          fee_cents: product.service_fee_cents,
        },
      ],
    );
    if (failed) {
      await r.mails.owe({
        channelId: chain.channel_id,
        userId: chain.user_id,
        kind: 'payment_failed',
        orderId: failed.id,
      });
    }
  }

  /**
   * Auto-renewal on or off, from the buyer's profile or the provider's portal. Turning it off
   * owes the cancellation mail, once per period: the change is conditional, so a double click or a
   * replayed webhook finds it done and owes nothing more.
   */
  async function setRenewal(r: Repos, chainId: number, renewal: 'active' | 'cancelled') {
    const t = now();
    const changed = await r.subs.setRenewal(chainId, renewal, t);
    if (!changed) return;
    await r.orders.setChainRenewal(chainId, renewal, t);
    const end = changed.current_period_end ?? changed.trial_end;
    if (renewal === 'cancelled' && end) {
      await r.mails.owe({
        channelId: changed.channel_id,
        userId: changed.user_id,
        kind: 'cancellation',
        chainId,
        at: new Date(end),
      });
    }
  }

  async function apply(r: Repos, e: ProviderEvent): Promise<string | null> {
    switch (e.type) {
      case 'payment.succeeded': {
        const order = await orderOf(r, e.paymentRef, e.orderId);
        if (order) await markPaid(r, order);
        return null;
      }
      case 'payment.failed': {
        const order = await orderOf(r, e.paymentRef, e.orderId);
        if (order) await markFailed(r, order, e.failureCode);
        return null;
      }
      case 'payment.refunded':
        return markRefunded(r, e.paymentRef);
      case 'subscription.renewed':
        await renewed(r, e);
        return null;
      case 'subscription.renewal_failed':
        await renewalFailed(r, e);
        return null;
      case 'subscription.updated': {
        const chain = await r.subs.byProviderRef(provider.name, e.subscriptionRef);
        if (!chain) return null;
        await setRenewal(r, chain.id, e.cancelAtPeriodEnd ? 'cancelled' : 'active');
        return null;
      }
      case 'subscription.ended': {
        const chain = await r.subs.byProviderRef(provider.name, e.subscriptionRef);
        if (!chain) return null;
        const status = chain.renewal === 'cancelled' ? 'canceled' : 'expired';
        await r.subs.end(chain.id, status, now());
        await r.orders.closeChain(chain.id, null, status, now());
        return null;
      }
    }
  }

  const service = {
    /** Handles one provider event exactly once (by its id). False when it was seen before. */
    async handle(e: ProviderEvent): Promise<boolean> {
      const result = await inTrx(async (r) => {
        if (!(await r.orders.recordEvent(provider.name, e.id, e.type))) return { fresh: false };
        return { fresh: true, cancel: await apply(r, e) };
      });
      // A refunded subscription stops renewing; told to the provider once the refund is recorded.
      if (result.cancel) await provider.cancelAtPeriodEnd(result.cancel).catch(() => undefined);
      return result.fresh;
    },
    /**
     * Records a refund the console asked the provider for, inside the console's own transaction
     * (with its audit row): the same rules as the provider's refund event, which arrives later and
     * finds nothing left to do. Returns the subscription the caller must stop renewing, if any.
     */
    refundedIn: (trx: DB, ref: string) => markRefunded(reposOf(trx), ref),
    /** The buyer turned auto-renewal off or on (after telling the provider). */
    setRenewal: (chainId: number, renewal: 'active' | 'cancelled') =>
      inTrx((r) => setRenewal(r, chainId, renewal)),
    fulfil: (order: OrderRow) => inTrx((r) => markPaid(r, order)),
    fail: (order: OrderRow, code: string) => inTrx((r) => markFailed(r, order, code)),
    /** Asks the provider about an order still 'created' and acts on the answer. */
    async sync(order: OrderRow): Promise<OrderRow> {
      if (order.status !== 'created') return order;
      const status = await provider.retrieve(order.provider_ref, order.idempotency_key);
      if (status === 'succeeded' || status === 'refunded') await service.fulfil(order);
      else if (status === 'failed') await service.fail(order, 'card_declined');
      else if (now().getTime() - new Date(order.created_at).getTime() > ABANDON_AFTER_MS) {
        await service.fail(order, 'abandoned');
      }
      if (status === 'refunded' && order.provider_ref) {
        await inTrx((r) => markRefunded(r, order.provider_ref ?? ''));
      }
      return (await createOrdersRepository(db).byId(order.id)) ?? order;
    },
    /** Syncs the buyer's orders still waiting on the provider (see settleOnRead). */
    async syncOpenOf(channelId: number, userId: number): Promise<void> {
      const open = await createOrdersRepository(db).openOf(channelId, userId, OPEN_ORDERS_SYNCED);
      for (const order of open) await service.sync(order);
    },
    /** The buyer's subscriptions that renew within `leadMs`, or should have (see settleOnRead). */
    renewingOf(channelId: number, userId: number, leadMs: number): Promise<string[]> {
      const until = new Date(now().getTime() + leadMs);
      return createUserSubscriptionsRepository(db).renewingBy(
        channelId,
        userId,
        provider.name,
        until,
      );
    },
  };
  return service;
}
export type Fulfilment = ReturnType<typeof createFulfilment>;
