import { randomUUID } from 'node:crypto';
import type { DB } from '../../db/database.js';
import { HttpError } from '../../lib/http-error.js';
import { createOrdersRepository } from './orders.repository.js';
import type { Priced } from './pricing.js';
import { createProductsRepository } from './products.repository.js';
import { createPromoRepository, type PromoRow } from './promo.repository.js';
import type { PromoService } from './promo.service.js';
import type { Purchase } from './purchase-resolver.js';
import { createUserSubscriptionsRepository } from './user-subscriptions.repository.js';
import type { Caller } from './wallet.service.js';

const isUniqueViolation = (e: unknown) =>
  typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505';

/**
 * Opens an order: the subscription it starts (one live per user and product, by a unique index),
 * the trial flag (taken once by a conditional update), the order with its items and the promo
 * redemption, all in one transaction, so a refusal anywhere leaves nothing behind.
 */
export function createOrderOpening(deps: {
  db: DB;
  providerName: string;
  promo: PromoService;
  now: () => Date;
}) {
  const { db, now } = deps;
  /** The order (and the subscription it starts) with its promo redemption, in one transaction. */
  return function open(
    caller: Caller,
    purchase: Purchase,
    priced: Priced,
    promo: PromoRow | null,
    trialEnd: Date | null,
  ) {
    return db.transaction().execute(async (trx) => {
      const t = now();
      let chainId: number | null = null;
      if (purchase.subscription) {
        try {
          const chain = await createUserSubscriptionsRepository(trx).insert({
            channel_id: caller.channelId,
            user_id: caller.userId,
            subscription_id: purchase.subscription.id,
            provider: deps.providerName,
            trial_end: trialEnd,
            created_at: t,
            updated_at: t,
          });
          chainId = chain.id;
        } catch (error) {
          if (isUniqueViolation(error)) {
            throw new HttpError(400, 'already_purchased', 'You already have this subscription');
          }
          throw error;
        }
      }
      if (trialEnd && !(await createProductsRepository(trx).setTrialUsed(caller.userId))) {
        throw new HttpError(400, 'trial_already_used', 'The free trial has already been used');
      }
      const order = await createOrdersRepository(trx).insert(
        {
          channel_id: caller.channelId,
          user_id: caller.userId,
          type: purchase.orderType,
          kind: purchase.subscription ? 'new_subscription' : 'purchase',
          product_id: purchase.productId,
          renewal: purchase.subscription ? 'active' : null,
          amount_cents: trialEnd ? 0 : priced.totalCents,
          discount_cents: trialEnd ? 0 : priced.discountCents,
          currency: purchase.currency,
          provider: deps.providerName,
          idempotency_key: `order-${randomUUID()}`,
          user_subscription_id: chainId,
          promo_code_id: promo?.id ?? null,
          created_at: t,
          updated_at: t,
        },
        priced.lines.map((l) => ({
          item_type: l.type,
          product_type: l.productType,
          product_id: l.productId,
          amount_cents: trialEnd ? 0 : l.amountCents,
        })),
      );
      if (promo)
        await deps.promo.redeem(createPromoRepository(trx), promo, caller.userId, order.id);
      return order;
    });
  };
}
