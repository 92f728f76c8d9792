import { randomBytes } from 'node:crypto';
import type { DB } from '../../../db/database.js';
import { createOrdersRepository, type OrderRow } from '../orders/orders.repository.js';
import type { Priced } from '../pricing.js';
import { createProductsRepository } from '../products/products.repository.js';
import { createPromoRepository, type PromoRow } from '../promo/promo.repository.js';
import type { PromoService } from '../promo/promo.service.js';
import type { Purchase } from './purchase-resolver.js';
import { refuse } from './refusals.js';
import { createTrialClaimsRepository } from './trial-claims.repository.js';
import { createUserSubscriptionsRepository } from '../orders/user-subscriptions.repository.js';
import type { SignedInCaller as Caller } from '../../../lib/caller.js';

const uniqueViolation = (e: unknown, constraint: string) =>
  typeof e === 'object' &&
  e !== null &&
  (e as { code?: unknown }).code === '23505' &&
  (e as { constraint?: unknown }).constraint === constraint;

/** A free trial the checkout admitted: its length and the claims it takes (see trial-claims). */
export interface TrialGrant {
  days: number;
  end: Date;
  emailClaim: string;
  cardClaim: string;
}

/**
 * What an order buys, as stored in orders.product_key: its type and the sorted ids of its items
 * (`package:3`, a bundle `package:3+7`, `event:12`, `subscription:2`). The same purchase asked
 * twice has the same key, whatever the order of the ids in the request.
 */
export function productKeyOf(purchase: Purchase): string {
  const ids = [...new Set(purchase.lines.map((l) => l.productId))].sort((a, b) => a - b);
  return `${purchase.orderType}:${ids.join('+')}`;
}

/**
 * Opens an order, or finds the one already open for the same purchase. One transaction holds the
 * buyer's row, checks what they own and have open, and writes the subscription it starts (one live
 * per user and product, by a unique index), the trial flag and claims, the order with its items
 * and the promo redemption, so a refusal anywhere leaves nothing behind. The unique index on open
 * orders (orders_one_open) is the last word should two openings ever pass the lock together.
 */
export function createOrderOpening(deps: {
  db: DB;
  providerName: string;
  promo: PromoService;
  now: () => Date;
}) {
  const { db, now } = deps;

  return async function open(
    caller: Caller,
    purchase: Purchase,
    priced: Priced,
    promo: PromoRow | null,
    trial: TrialGrant | null,
  ): Promise<{ order: OrderRow; existing: boolean }> {
    const key = productKeyOf(purchase);
    try {
      return await db.transaction().execute(async (trx) => {
        const orders = createOrdersRepository(trx);
        await orders.lockBuyer(caller.userId);
        const productType = purchase.subscription ? 'subscription' : 'package';
        const ids = purchase.lines.map((l) => l.productId);
        const open = await orders.openHolding(caller.channelId, caller.userId, productType, ids);
        const same = open.find((o) => o.product_key === key);
        if (same) return { order: same, existing: true };
        if (open.length > 0) throw refuse.orderPending();
        // Checked again under the lock: a payment that succeeded at once is no longer open.
        const owned = await orders.owned(caller.channelId, caller.userId, now());
        if (owned.some((o) => o.product_type === productType && ids.includes(o.product_id))) {
          throw refuse.alreadyPurchased();
        }
        const chainId = await startChain(trx, caller, purchase, trial);
        if (trial) await claimTrial(trx, caller, trial);
        const order = await insertOrder(trx, caller, purchase, priced, promo, trial, {
          key,
          chainId,
        });
        if (promo) {
          await deps.promo.redeem(createPromoRepository(trx), promo, caller.userId, order.id);
        }
        return { order, existing: false };
      });
    } catch (error) {
      if (uniqueViolation(error, 'orders_one_open')) {
        const order = await createOrdersRepository(db).openByKey(
          caller.channelId,
          caller.userId,
          key,
        );
        if (order) return { order, existing: true };
      }
      throw error;
    }
  };

  /** The user's subscription row a plan starts; one live per user and plan. */
  async function startChain(trx: DB, caller: Caller, purchase: Purchase, trial: TrialGrant | null) {
    if (!purchase.subscription) return null;
    const t = now();
    try {
      const chain = await createUserSubscriptionsRepository(trx).insert({
        channel_id: caller.channelId,
        user_id: caller.userId,
        subscription_id: purchase.subscription.id,
        provider: deps.providerName,
        trial_end: trial?.end ?? null,
        created_at: t,
        updated_at: t,
      });
      return chain.id;
    } catch (error) {
      if (uniqueViolation(error, 'user_subscriptions_one_live')) throw refuse.alreadyPurchased();
      throw error;
    }
  }

  /** One trial per account, per email and per card: the flag and both claims, or none. */
  async function claimTrial(trx: DB, caller: Caller, trial: TrialGrant) {
    if (!(await createProductsRepository(trx).setTrialUsed(caller.userId))) {
      throw refuse.trialUsed();
    }
    const claims = createTrialClaimsRepository(trx);
    if (!(await claims.claim(caller.channelId, caller.userId, 'email', trial.emailClaim))) {
      throw refuse.trialUsed();
    }
    if (!(await claims.claim(caller.channelId, caller.userId, 'card', trial.cardClaim))) {
      throw refuse.trialCardUsed();
    }
  }

  async function insertOrder(
    trx: DB,
    caller: Caller,
    purchase: Purchase,
    priced: Priced,
    promo: PromoRow | null,
    trial: TrialGrant | null,
    at: { key: string; chainId: number | null },
  ) {
    const orders = createOrdersRepository(trx);
    const t = now();
    const id = await orders.nextId();
    return orders.insert(
      {
        id,
        channel_id: caller.channelId,
        user_id: caller.userId,
        type: purchase.orderType,
        kind: purchase.subscription ? 'new_subscription' : 'purchase',
        product_id: purchase.productId,
        product_key: at.key,
        renewal: purchase.subscription ? 'active' : null,
        amount_cents: trial ? 0 : priced.totalCents,
        discount_cents: trial ? 0 : priced.discountCents,
        currency: purchase.currency,
        provider: deps.providerName,
        // Every call to the provider for this order carries this key, so a retried call cannot
        // charge twice. It names the order; the random part keeps two databases sharing one
        // Stripe account (a reset demo, staging) from replaying each other's order 1.
        idempotency_key: `order-${id}-${randomBytes(6).toString('hex')}`,
        user_subscription_id: at.chainId,
        promo_code_id: promo?.id ?? null,
        created_at: t,
        updated_at: t,
      },
      priced.lines.map((l) => ({
        item_type: l.type,
        product_type: l.productType,
        product_id: l.productId,
        amount_cents: trial ? 0 : l.amountCents,
        fee_cents: trial ? 0 : l.feeCents,
      })),
    );
  }
}
