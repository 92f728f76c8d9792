import type {
  BuyBody,
  BuyBundleBody,
  CheckoutResponse,
  ConfirmBody,
  Locale,
  PaymentState,
  StartTrialBody,
} from '@rudy/contracts';
import type { DB } from '../../../db/database.js';
import { HttpError, notFound } from '../../../lib/http-error.js';
import type { ProductsService } from '../products/products.service.js';
import type { Fulfilment } from '../orders/fulfilment.service.js';
import type { OrderViews } from '../orders/order-view.js';
import { createOrdersRepository, type OrderRow } from '../orders/orders.repository.js';
import { priceLines } from '../pricing.js';
import type { PromoRow } from '../promo/promo.repository.js';
import type { PromoService } from '../promo/promo.service.js';
import {
  PaymentRejected,
  type PaymentOutcome,
  type PaymentProvider,
  type PaymentSource,
} from '../providers/provider.js';
import type { Purchase, PurchaseResolver } from './purchase-resolver.js';
import { createUserSubscriptionsRepository } from '../orders/user-subscriptions.repository.js';
import { createOrderOpening, productKeyOf } from './order-opening.js';
import { refuse } from './refusals.js';
import { createTrialAdmission, type TrialCandidate } from './trial-admission.js';
import { rejection, type WalletService } from './wallet.service.js';
import type { SignedInCaller as Caller } from '../../../lib/caller.js';

type PaymentFields = Pick<BuyBody, 'payment_method_id' | 'card'>;

function sourceOf(body: PaymentFields): PaymentSource {
  if (body.payment_method_id) return { kind: 'saved', id: body.payment_method_id };
  if (body.card) return { kind: 'card', card: body.card };
  throw new HttpError(400, 'card_required');
}

/** Buying: passes, single events, bundles, subscriptions and trials, and the second step. */
export function createCheckoutService(deps: {
  db: DB;
  provider: PaymentProvider;
  fulfilment: Fulfilment;
  promo: PromoService;
  resolver: PurchaseResolver;
  wallet: WalletService;
  products: ProductsService;
  views: OrderViews;
  now: () => Date;
}) {
  const { db, provider, fulfilment, now } = deps;
  const orders = createOrdersRepository(db);
  const openOrder = createOrderOpening({ db, providerName: provider.name, promo: deps.promo, now });
  const trials = createTrialAdmission({ db, provider, wallet: deps.wallet, now });

  async function respond(order: OrderRow, l: Locale, outcome?: PaymentOutcome) {
    const fresh = (await orders.byId(order.id)) ?? order;
    const [view] = await deps.views(fresh.channel_id, [fresh], l);
    if (!view) throw notFound();
    const status: PaymentState['status'] =
      fresh.status === 'paid'
        ? 'succeeded'
        : fresh.status === 'created'
          ? outcome?.status === 'requires_action'
            ? 'requires_action'
            : 'processing'
          : 'failed';
    const payment: PaymentState = {
      provider: provider.name,
      status,
      client_secret: status === 'requires_action' ? (outcome?.clientSecret ?? null) : null,
      next_action: status === 'requires_action' ? 'confirm' : null,
      message: view.failure_message,
    };
    return { order: view, payment } satisfies CheckoutResponse;
  }

  async function refuseOwned(caller: Caller, purchase: Purchase) {
    const owned = await deps.products.owned(caller.channelId, caller.userId);
    const has = purchase.lines.some((l) =>
      (l.productType === 'package' ? owned.packages : owned.subscriptions).has(l.productId),
    );
    if (has) throw refuse.alreadyPurchased();
  }

  /**
   * A repeated buy gets the order already open for it, and no second payment. A payment still
   * waiting for its second step is offered again, so an interrupted one can be finished.
   */
  async function resume(order: OrderRow, l: Locale) {
    const step = order.provider_ref ? await provider.secondStep(order.provider_ref) : null;
    return respond(
      order,
      l,
      step
        ? { ...noOutcome, status: 'requires_action', clientSecret: step.clientSecret }
        : undefined,
    );
  }

  /** Sends the order to the provider and records what it said. */
  async function pay(
    order: OrderRow,
    purchase: Purchase,
    source: PaymentSource,
    opts: {
      caller: Caller;
      saveCard: boolean;
      promo: PromoRow | null;
      trialDays: number;
    },
  ): Promise<PaymentOutcome | undefined> {
    const buyer = await deps.wallet.buyer(opts.caller);
    const metadata = { order_id: String(order.id), channel_id: String(order.channel_id) };
    let outcome: PaymentOutcome;
    let chain: { ref: string; periodEnd: Date } | null = null;
    try {
      if (purchase.subscription) {
        const s = purchase.subscription;
        const sub = await provider.subscribe({
          buyer,
          product: {
            id: s.id,
            name: s.name.en ?? `Subscription ${s.id}`,
            amountCents: s.base_price_cents + s.service_fee_cents,
            currency: s.currency,
            period: s.period,
          },
          trialDays: opts.trialDays,
          firstAmountCents: order.amount_cents,
          discount: opts.promo && {
            promoId: opts.promo.id,
            kind: opts.promo.kind,
            percentOff: opts.promo.percent_off,
            amountOffCents: opts.promo.amount_off_cents,
          },
          source,
          idempotencyKey: order.idempotency_key,
          metadata,
        });
        outcome = sub;
        chain = { ref: sub.subscriptionRef, periodEnd: sub.periodEnd };
      } else if (order.amount_cents === 0) {
        await fulfilment.fulfil(order);
        return undefined;
      } else {
        outcome = await provider.charge({
          buyer,
          amountCents: order.amount_cents,
          currency: order.currency,
          source,
          saveCard: opts.saveCard,
          idempotencyKey: order.idempotency_key,
          description: `Order ${order.id}`,
          metadata,
        });
      }
    } catch (error) {
      if (!(error instanceof PaymentRejected)) throw error;
      await fulfilment.fail(order, error.code);
      if (opts.trialDays > 0) await trials.release(opts.caller);
      throw rejection(error);
    }
    await record(order, outcome, chain);
    return outcome;
  }

  async function record(
    order: OrderRow,
    outcome: PaymentOutcome,
    chain: { ref: string; periodEnd: Date } | null,
  ) {
    const t = now();
    const updated = await orders.update(order.id, {
      provider_ref: outcome.ref,
      card_brand: outcome.card?.brand ?? null,
      card_last4: outcome.card?.last4 ?? null,
      payment_method_ref: outcome.paymentMethodRef,
      ...(chain && { period_start: t, period_end: chain.periodEnd }),
      updated_at: t,
    });
    if (chain && order.user_subscription_id && outcome.status !== 'failed') {
      await createUserSubscriptionsRepository(db).update(order.user_subscription_id, {
        provider_ref: chain.ref,
        payment_method_ref: outcome.paymentMethodRef,
        updated_at: t,
      });
    }
    if (!updated) return;
    if (outcome.status === 'succeeded') await fulfilment.fulfil(updated);
    if (outcome.status === 'failed')
      await fulfilment.fail(updated, outcome.failureCode ?? 'card_declined');
  }

  async function checkout(
    caller: Caller,
    l: Locale,
    purchase: Purchase,
    body: PaymentFields & { promo_code?: string | undefined; save_card?: boolean | undefined },
    trial?: TrialCandidate,
  ) {
    const open = await orders.openByKey(caller.channelId, caller.userId, productKeyOf(purchase));
    // Asked first: a payment that has failed meanwhile makes way for a new order at once.
    const already = open?.provider_ref ? await fulfilment.sync(open) : open;
    if (already?.status === 'created') return resume(already, l);
    await refuseOwned(caller, purchase);
    const promo = await deps.promo.forPurchase(
      caller.channelId,
      body.promo_code,
      purchase.lines,
      caller.userId,
    );
    const priced = priceLines(purchase.lines, promo);
    const free = priced.totalCents === 0 && !purchase.subscription;
    const source = free ? ({ kind: 'saved', id: '' } as const) : sourceOf(body);
    const grant = trial ? await trials.card(caller, source, trial) : null;
    const opened = await openOrder(caller, purchase, priced, promo, grant);
    if (opened.existing) return resume(opened.order, l);
    const outcome = await pay(opened.order, purchase, source, {
      caller,
      saveCard: body.save_card === true || purchase.subscription !== null,
      promo,
      trialDays: grant?.days ?? 0,
    });
    return respond(opened.order, l, outcome);
  }

  return {
    async buy(caller: Caller, l: Locale, body: BuyBody) {
      return checkout(caller, l, await deps.resolver.resolve(caller.channelId, body), body);
    },
    async buyBundle(caller: Caller, l: Locale, body: BuyBundleBody) {
      const purchase = await deps.resolver.resolve(caller.channelId, {
        package_ids: body.package_ids,
      });
      return checkout(caller, l, purchase, body);
    },
    async startTrial(caller: Caller, l: Locale, body: StartTrialBody) {
      const purchase = await deps.resolver.resolve(caller.channelId, {
        subscription_id: body.subscription_id,
      });
      return checkout(caller, l, purchase, body, await trials.person(caller, purchase));
    },
    /** The buyer completed (or refused) the second step, or is back from it: settle what is known. */
    async confirm(caller: Caller, l: Locale, body: ConfirmBody) {
      const order = await orders.forUser(caller.channelId, caller.userId, body.order_id);
      if (!order) throw notFound('Order not found');
      if (order.status !== 'created' || !order.provider_ref) return respond(order, l);
      const status = await provider.confirm(order.provider_ref, body.outcome !== 'deny');
      if (status === 'succeeded') await fulfilment.fulfil(order);
      if (status === 'failed') await fulfilment.fail(order, 'authentication_failed');
      const requiresAction = status === 'requires_action';
      return respond(
        order,
        l,
        requiresAction ? { ...noOutcome, status: 'requires_action' } : undefined,
      );
    },
  };
}

const noOutcome: PaymentOutcome = {
  ref: '',
  status: 'processing',
  clientSecret: null,
  failureCode: null,
  card: null,
  paymentMethodRef: null,
};
export type CheckoutService = ReturnType<typeof createCheckoutService>;
