import { randomUUID } from 'node:crypto';
import type { SavedCard, SetupIntentBody } from '@rudy/contracts';
import type { SignedInCaller as Caller } from '../../../lib/caller.js';
import { HttpError } from '../../../lib/http-error.js';
import type { SiteOrigins } from '../../channel/site-origin.js';
import type { OrdersRepository } from '../orders/orders.repository.js';
import type { ProductsRepository } from '../products/products.repository.js';
import { PaymentRejected, type Buyer, type PaymentProvider } from '../providers/provider.js';

/** A refusal from the card processor as the client's 400. */
export function rejection(error: PaymentRejected): HttpError {
  if (error.code === 'card_required') return new HttpError(400, 'card_required');
  // Only a free trial's card check fails a set-up: the buyer is told in the trial's terms.
  if (error.code === 'setup_failed')
    return new HttpError(400, 'trial_card_declined', error.message);
  return new HttpError(400, error.code, error.message);
}

/** The buyer's customer record at the provider, saved cards, card setup and the billing portal. */
export function createWalletService(deps: {
  provider: PaymentProvider;
  orders: OrdersRepository;
  products: ProductsRepository;
  /** The billing portal sends the buyer back to their channel's site, never to a Host header's. */
  origins: SiteOrigins;
}) {
  const { provider, orders } = deps;

  async function buyer(caller: Caller): Promise<Buyer> {
    const user = await deps.products.user(caller.channelId, caller.userId);
    if (!user) throw new HttpError(401, 'login_required');
    let ref = await orders.customerRef(caller.userId, provider.name);
    if (!ref) {
      const created = await provider.createCustomer({ ...caller, email: user.email });
      await orders.saveCustomerRef(caller.channelId, caller.userId, provider.name, created);
      // Two first purchases at once both create; the row that won is the one used from now on.
      ref = (await orders.customerRef(caller.userId, provider.name)) ?? created;
    }
    return { ...caller, email: user.email, customerRef: ref };
  }

  return {
    buyer,
    async cards(caller: Caller): Promise<SavedCard[]> {
      const ref = await orders.customerRef(caller.userId, provider.name);
      if (!ref) return [];
      return provider.listCards({ ...caller, email: '', customerRef: ref });
    },
    async setupIntent(caller: Caller, body: SetupIntentBody) {
      const b = await buyer(caller);
      try {
        const result = await provider.setupCard(b, body.card, `setup-${randomUUID()}`);
        return {
          provider: provider.name,
          status: result.card ? ('succeeded' as const) : ('requires_payment_method' as const),
          client_secret: result.clientSecret,
          card: result.card,
        };
      } catch (error) {
        if (error instanceof PaymentRejected) throw rejection(error);
        throw error;
      }
    },
    async portal(caller: Caller) {
      const b = await buyer(caller);
      const returnUrl = `${await deps.origins.forChannel(caller.channelId)}/profile`;
      return { provider: provider.name, url: await provider.portalUrl(b, returnUrl) };
    },
  };
}
export type WalletService = ReturnType<typeof createWalletService>;
