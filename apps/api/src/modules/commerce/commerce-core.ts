import type { Config } from '../../config.js';
import type { DB } from '../../db/database.js';
import { createEntitlements } from './orders/entitlements.js';
import { createEntitlementsRepository } from './orders/entitlements.repository.js';
import { createFulfilment } from './orders/fulfilment.service.js';
import { createOrdersRepository } from './orders/orders.repository.js';
import type { PaymentProvider } from './providers/provider.js';
import { createSandboxProvider, SANDBOX_RENEWAL_LEAD_MS } from './providers/sandbox.provider.js';
import { createStripeProvider } from './providers/stripe.provider.js';

/** Stripe when STRIPE_SECRET_KEY is set, otherwise the built-in sandbox. */
function providerFor(
  config: Config,
  db: DB,
  now: () => Date,
): { provider: PaymentProvider; sandbox: ReturnType<typeof createSandboxProvider> | undefined } {
  if (config.STRIPE_SECRET_KEY) {
    const stripe = createStripeProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      toleranceSeconds: config.STRIPE_WEBHOOK_TOLERANCE_S,
      apiUrl: config.STRIPE_API_URL,
      now,
    });
    return { provider: stripe, sandbox: undefined };
  }
  const sandbox = createSandboxProvider({ db, now, settleMs: config.SANDBOX_SETTLE_MS });
  return { provider: sandbox, sandbox };
}

/**
 * What both the HTTP side (checkout, webhooks) and the worker (settlements, reconciliation,
 * renewals) need: the payment provider, fulfilment and orders. Everything they keep is in the
 * database, so each process builds its own.
 */
export function createCommerceCore(config: Config, db: DB, now: () => Date) {
  const { provider, sandbox } = providerFor(config, db, now);
  return {
    provider,
    sandbox,
    orders: createOrdersRepository(db),
    fulfilment: createFulfilment({ db, provider, now }),
  };
}

export type CommerceCore = ReturnType<typeof createCommerceCore>;

/**
 * What settles a payment with no worker running. Stripe tells the API itself (its webhook grants in
 * the request). The sandbox settles a due payment when someone asks about it: the buyer's polling,
 * and, here, any read of the buyer's access, so a viewer who paid and left before the settlement
 * still has the game when they come back; a subscription due to renew (within the worker's lead)
 * is renewed in the same read, so a subscriber keeps watching past the period's end with no worker
 * (the worker's pass stays the backstop for the rest; both are idempotent).
 */
export function settleOnRead(core: CommerceCore) {
  const { sandbox, fulfilment } = core;
  if (!sandbox) return undefined;
  return async (channelId: number, userId: number) => {
    await fulfilment.syncOpenOf(channelId, userId);
    const renewing = await fulfilment.renewingOf(channelId, userId, SANDBOX_RENEWAL_LEAD_MS);
    for (const event of await sandbox.renewNow(renewing)) {
      await fulfilment.handle(event);
      await sandbox.ackEvent(event.id);
    }
  };
}

/** The API's commerce core and the viewer's entitlements read through it (settled on read). */
export function createApiCommerce(config: Config, db: DB, now: () => Date) {
  const core = createCommerceCore(config, db, now);
  const entitlements = createEntitlements(createEntitlementsRepository(db), settleOnRead(core));
  return { core, entitlements };
}
