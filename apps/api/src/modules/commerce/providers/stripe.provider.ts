import type Stripe from 'stripe';
import { RENEWAL_PERIOD, type SavedCard } from '@rudy/contracts';
import {
  PaymentRejected,
  RefundRefused,
  type BalanceSummary,
  type PaymentOutcome,
  type PaymentProvider,
  type PaymentSource,
  type PaymentStatus,
  type SubscribeInput,
  TRIAL_CARD_DECLINED,
} from './provider.js';
import { normaliseStripeEvent } from './stripe-events.js';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string | undefined;
  toleranceSeconds: number;
  /** Another API host (tests: a local stand-in for Stripe's API). */
  apiUrl?: string | undefined;
  now: () => Date;
}

/** Balance transactions read for one report at most. */
const BALANCE_MAX_TRANSACTIONS = 5_000;

const idOf = (v: string | { id: string } | null | undefined): string | null =>
  v == null ? null : typeof v === 'string' ? v : v.id;

function clientFor(StripeSdk: typeof Stripe, opts: StripeOptions): Stripe {
  const url = opts.apiUrl ? new URL(opts.apiUrl) : undefined;
  return new StripeSdk(opts.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(url && {
      host: url.hostname,
      port: url.port || (url.protocol === 'http:' ? 80 : 443),
      protocol: url.protocol === 'http:' ? 'http' : 'https',
    }),
  });
}

/** Card numbers never reach this server with Stripe: the browser turns them into a payment method. */
function paymentMethodOf(source: PaymentSource): string {
  if (source.kind === 'saved') return source.id;
  throw new PaymentRejected('card_invalid', 'Enter the card in the secure Stripe card form.');
}

function piStatus(pi: Stripe.PaymentIntent): PaymentStatus {
  switch (pi.status) {
    case 'succeeded':
      return 'succeeded';
    case 'processing':
      return 'pending';
    case 'requires_action':
    case 'requires_confirmation':
      return 'requires_action';
    default:
      return 'failed';
  }
}

function cardOf(pm: string | Stripe.PaymentMethod | null): PaymentOutcome['card'] {
  return pm && typeof pm !== 'string' && pm.card
    ? { brand: pm.card.brand, last4: pm.card.last4 }
    : null;
}

/** Stripe: PaymentIntents for one-time purchases, Subscriptions (trials, coupons) for plans. */
export function createStripeProvider(opts: StripeOptions): PaymentProvider {
  // The SDK (about 4 MB of heap) is loaded at the first payment call, not at start-up: most
  // processes serve many requests before anyone pays (docs/decisions.md, "API memory").
  let loaded: Promise<{ stripe: Stripe; errors: typeof Stripe.errors }> | undefined;
  const sdk = () =>
    (loaded ??= import('stripe').then(({ default: StripeSdk }) => ({
      stripe: clientFor(StripeSdk, opts),
      errors: StripeSdk.errors,
    })));

  async function ensure<T>(retrieve: () => Promise<T>, create: () => Promise<T>): Promise<T> {
    const { errors } = await sdk();
    try {
      return await retrieve();
    } catch (error) {
      if (error instanceof errors.StripeInvalidRequestError && error.statusCode === 404) {
        return create();
      }
      throw error;
    }
  }

  async function productId(input: SubscribeInput['product']): Promise<string> {
    const { stripe } = await sdk();
    const id = `rudy-subscription-${input.id}`;
    await ensure(
      () => stripe.products.retrieve(id),
      () => stripe.products.create({ id, name: input.name }, { idempotencyKey: `product-${id}` }),
    );
    return id;
  }

  async function couponId(d: NonNullable<SubscribeInput['discount']>, currency: string) {
    const { stripe } = await sdk();
    const id = `rudy-promo-${d.promoId}`;
    const params: Stripe.CouponCreateParams =
      d.kind === 'percent'
        ? { id, percent_off: d.percentOff ?? 0, duration: 'once' }
        : { id, amount_off: d.amountOffCents ?? 0, currency, duration: 'once' };
    await ensure(
      () => stripe.coupons.retrieve(id),
      () => stripe.coupons.create(params, { idempotencyKey: `coupon-${id}` }),
    );
    return id;
  }

  const failedOutcome = (error: Stripe.errors.StripeCardError, key: string): PaymentOutcome => ({
    ref: error.payment_intent?.id ?? `failed:${key}`,
    status: 'failed',
    clientSecret: null,
    failureCode: error.code ?? 'card_declined',
    card: null,
    paymentMethodRef: null,
  });

  return {
    name: 'stripe',
    async createCustomer(input) {
      const { stripe } = await sdk();
      const customer = await stripe.customers.create(
        {
          email: input.email,
          metadata: { channel_id: String(input.channelId), user_id: String(input.userId) },
        },
        { idempotencyKey: `customer-${input.channelId}-${input.userId}` },
      );
      return customer.id;
    },
    async listCards(buyer) {
      const { stripe } = await sdk();
      const list = await stripe.customers.listPaymentMethods(buyer.customerRef, {
        type: 'card',
        limit: 20,
      });
      return list.data.flatMap((pm): SavedCard[] =>
        pm.card
          ? [
              {
                id: pm.id,
                brand: pm.card.brand,
                last4: pm.card.last4,
                exp_month: pm.card.exp_month,
                exp_year: pm.card.exp_year,
              },
            ]
          : [],
      );
    },
    async setupCard(buyer, card, idempotencyKey) {
      const { stripe } = await sdk();
      if (card) paymentMethodOf({ kind: 'card', card });
      const intent = await stripe.setupIntents.create(
        {
          customer: buyer.customerRef,
          usage: 'off_session',
          allowed_payment_method_types: ['card'],
        },
        { idempotencyKey },
      );
      return { clientSecret: intent.client_secret, card: null };
    },
    async charge(input) {
      const { stripe, errors } = await sdk();
      const paymentMethod = paymentMethodOf(input.source);
      try {
        const pi = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency.toLowerCase(),
            customer: input.buyer.customerRef,
            payment_method: paymentMethod,
            confirm: true,
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            ...(input.saveCard && { setup_future_usage: 'off_session' as const }),
            description: input.description,
            metadata: { ...input.metadata, idempotency_key: input.idempotencyKey },
            expand: ['payment_method'],
          },
          { idempotencyKey: input.idempotencyKey },
        );
        const status = piStatus(pi);
        return {
          ref: pi.id,
          status:
            status === 'pending' ? 'processing' : status === 'refunded' ? 'succeeded' : status,
          clientSecret: status === 'requires_action' ? pi.client_secret : null,
          failureCode:
            status === 'failed' ? (pi.last_payment_error?.code ?? 'card_declined') : null,
          card: cardOf(pi.payment_method),
          paymentMethodRef: input.saveCard ? paymentMethod : null,
        };
      } catch (error) {
        if (error instanceof errors.StripeCardError) {
          return failedOutcome(error, input.idempotencyKey);
        }
        throw error;
      }
    },
    // The browser completed the second step with stripe.js; Stripe knows the result.
    confirm: (ref) => retrieve(ref, ''),
    async secondStep(ref) {
      const { stripe } = await sdk();
      // Plans are created with error_if_incomplete: only PaymentIntents wait for the buyer.
      if (!ref.startsWith('pi_')) return null;
      const pi = await stripe.paymentIntents.retrieve(ref);
      return piStatus(pi) === 'requires_action' ? { clientSecret: pi.client_secret } : null;
    },
    async verifyTrialCard(buyer, source) {
      const { stripe } = await sdk();
      const paymentMethod = paymentMethodOf(source);
      // The browser saved the card with a SetupIntent (stripe.confirmCardSetup): Stripe checked
      // it with the issuer then. Only a succeeded one of this customer counts.
      const setups = await stripe.setupIntents.list({
        customer: buyer.customerRef,
        payment_method: paymentMethod,
        limit: 10,
        expand: ['data.payment_method'],
      });
      const setup = setups.data.find((s) => s.status === 'succeeded');
      const pm = setup?.payment_method;
      const fingerprint = pm && typeof pm !== 'string' ? pm.card?.fingerprint : null;
      if (!fingerprint) throw new PaymentRejected('setup_failed', TRIAL_CARD_DECLINED);
      return { fingerprint };
    },
    retrieve: (ref, key) => retrieve(ref, key),
    async subscribe(input) {
      const { stripe, errors } = await sdk();
      const paymentMethod = paymentMethodOf(input.source);
      const product = await productId(input.product);
      const coupon = input.discount
        ? await couponId(input.discount, input.product.currency.toLowerCase())
        : null;
      const recurring: Stripe.SubscriptionCreateParams.Item.PriceData.Recurring =
        input.product.period === 'month'
          ? { interval: 'day', interval_count: RENEWAL_PERIOD.month.days }
          : { interval: 'year', interval_count: 1 };
      try {
        const sub = await stripe.subscriptions.create(
          {
            customer: input.buyer.customerRef,
            items: [
              {
                price_data: {
                  currency: input.product.currency.toLowerCase(),
                  product,
                  unit_amount: input.product.amountCents,
                  recurring,
                },
              },
            ],
            default_payment_method: paymentMethod,
            ...(input.trialDays > 0 && { trial_period_days: input.trialDays }),
            ...(coupon && { discounts: [{ coupon }] }),
            // A first payment that cannot complete at once is refused rather than left pending.
            payment_behavior: 'error_if_incomplete',
            metadata: input.metadata,
            expand: ['latest_invoice', 'default_payment_method'],
          },
          { idempotencyKey: input.idempotencyKey },
        );
        const item = sub.items.data[0];
        const periodEnd = item?.current_period_end ?? sub.trial_end ?? 0;
        return {
          ref: idOf(sub.latest_invoice) ?? `${sub.id}_first`,
          status: sub.status === 'active' || sub.status === 'trialing' ? 'succeeded' : 'failed',
          clientSecret: null,
          failureCode: null,
          card: cardOf(sub.default_payment_method),
          paymentMethodRef: paymentMethod,
          subscriptionRef: sub.id,
          periodEnd: new Date(periodEnd * 1000),
        };
      } catch (error) {
        if (error instanceof errors.StripeCardError) {
          return {
            ...failedOutcome(error, input.idempotencyKey),
            subscriptionRef: `failed:${input.idempotencyKey}`,
            periodEnd: opts.now(),
          };
        }
        throw error;
      }
    },
    async cancelAtPeriodEnd(subscriptionRef) {
      const { stripe } = await sdk();
      await stripe.subscriptions.update(subscriptionRef, { cancel_at_period_end: true });
    },
    async resumeRenewal(subscriptionRef) {
      const { stripe, errors } = await sdk();
      try {
        await stripe.subscriptions.update(subscriptionRef, { cancel_at_period_end: false });
        return true;
      } catch (error) {
        // A canceled (ended) subscription cannot be updated: Stripe refuses the request.
        if (error instanceof errors.StripeInvalidRequestError) return false;
        throw error;
      }
    },
    async portalUrl(buyer, returnUrl) {
      const { stripe } = await sdk();
      const session = await stripe.billingPortal.sessions.create({
        customer: buyer.customerRef,
        return_url: returnUrl,
      });
      return session.url;
    },
    async parseWebhook(rawBody, signature) {
      if (!opts.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
      const { stripe } = await sdk();
      const event = stripe.webhooks.constructEvent(
        rawBody,
        signature ?? '',
        opts.webhookSecret,
        opts.toleranceSeconds,
        undefined,
        opts.now().getTime(),
      );
      return normaliseStripeEvent(event);
    },
    async refund(input) {
      const { stripe, errors } = await sdk();
      const paymentIntent = await paymentIntentOf(input.ref);
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: paymentIntent,
            amount: input.amountCents,
            reason: 'requested_by_customer',
            metadata: { idempotency_key: input.idempotencyKey },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return { refundRef: refund.id };
      } catch (error) {
        if (error instanceof errors.StripeInvalidRequestError) {
          // Refunded already (from Stripe's dashboard, say): the order is refunded all the same.
          if (error.code === 'charge_already_refunded')
            return { refundRef: `refunded:${paymentIntent}` };
          throw new RefundRefused(error.message);
        }
        throw error;
      }
    },
    async balance(from, to) {
      const { stripe } = await sdk();
      const summary: BalanceSummary = {
        chargesCents: 0,
        feeCents: 0,
        refundsCents: 0,
        payouts: [],
      };
      const created = {
        gte: Math.floor(from.getTime() / 1000),
        lt: Math.floor(to.getTime() / 1000),
      };
      // Auto-pagination, bounded: a console page never waits on more than this many.
      const list = stripe.balanceTransactions.list({ created, limit: 100 });
      let seen = 0;
      for await (const bt of list) {
        if (++seen > BALANCE_MAX_TRANSACTIONS) break;
        summary.feeCents += bt.fee;
        if (bt.type === 'charge' || bt.type === 'payment') summary.chargesCents += bt.amount;
        else if (bt.type === 'refund' || bt.type === 'payment_refund') {
          summary.refundsCents += -bt.amount;
        } else if (bt.type === 'payout') {
          summary.payouts.push({
            id: idOf(bt.source) ?? bt.id,
            amountCents: -bt.amount,
            currency: bt.currency.toUpperCase(),
            status: bt.status,
            arrival: new Date(bt.available_on * 1000),
          });
        }
      }
      return summary;
    },
    // Stripe renews and settles on its own and reports through webhooks.
    tick: () => Promise.resolve(),
    pendingEvents: () => Promise.resolve([]),
    ackEvent: () => Promise.resolve(),
  };

  /** A plan's payments are invoices: the refund goes to the PaymentIntent that paid it. */
  async function paymentIntentOf(ref: string): Promise<string> {
    const { stripe } = await sdk();
    if (ref.startsWith('pi_')) return ref;
    if (ref.startsWith('in_')) {
      const invoice = await stripe.invoices.retrieve(ref, { expand: ['payments'] });
      const paid = invoice.payments?.data.find((p) => p.status === 'paid');
      const pi = idOf(paid?.payment.payment_intent);
      if (pi) return pi;
    }
    throw new RefundRefused('This payment has nothing Stripe can refund');
  }

  async function retrieve(ref: string | null, key: string): Promise<PaymentStatus> {
    const { stripe } = await sdk();
    if (ref?.startsWith('in_')) {
      const invoice = await stripe.invoices.retrieve(ref);
      if (invoice.status === 'paid') return 'succeeded';
      return invoice.status === 'void' || invoice.status === 'uncollectible' ? 'failed' : 'pending';
    }
    if (ref?.startsWith('pi_')) {
      const pi = await stripe.paymentIntents.retrieve(ref, { expand: ['latest_charge'] });
      const charge = pi.latest_charge;
      if (charge && typeof charge !== 'string' && charge.refunded) return 'refunded';
      return piStatus(pi);
    }
    if (ref) return ref.startsWith('failed:') ? 'failed' : 'pending';
    // The order never learnt its payment's id (a crash in between): look it up by our key.
    const found = await stripe.paymentIntents.search({
      query: `metadata['idempotency_key']:'${key.replace(/'/g, '')}'`,
      limit: 1,
    });
    const pi = found.data[0];
    return pi ? piStatus(pi) : 'pending';
  }
}
