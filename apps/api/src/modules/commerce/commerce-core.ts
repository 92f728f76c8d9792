import type { Config } from '../../config.js';
import type { DB } from '../../db/database.js';
import { createFulfilment } from './orders/fulfilment.service.js';
import { createOrdersRepository } from './orders/orders.repository.js';
import type { PaymentProvider } from './providers/provider.js';
import { createSandboxProvider } from './providers/sandbox.provider.js';
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
 * still has the game when they come back (the worker's pass stays the backstop for the rest).
 */
export function settleOnRead(core: CommerceCore) {
  if (!core.sandbox) return undefined;
  return (channelId: number, userId: number) => core.fulfilment.syncOpenOf(channelId, userId);
}
