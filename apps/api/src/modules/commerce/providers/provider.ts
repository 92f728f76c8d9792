import { RENEWAL_PERIOD, type CardInput, type SavedCard } from '@rudy/contracts';

/*
 * What the shop needs from a card processor. Two real implementations: Stripe and the built-in
 * sandbox. Both report what happened as the same normalised events (from signed webhooks or from
 * the sandbox's outbox), and the shop handles those events idempotently.
 */

export type ProviderName = 'sandbox' | 'stripe';
export type Currency = 'USD' | 'CAD';
export type Period = 'month' | 'annual';

export interface Buyer {
  channelId: number;
  userId: number;
  email: string;
  /** The provider's customer id, created on first need and kept by the shop. */
  customerRef: string;
}

/** A saved card (its id) or a new one typed into the sandbox form. */
export type PaymentSource = { kind: 'saved'; id: string } | { kind: 'card'; card: CardInput };

export interface PaymentOutcome {
  ref: string;
  status: 'processing' | 'requires_action' | 'succeeded' | 'failed';
  clientSecret: string | null;
  failureCode: string | null;
  card: { brand: string; last4: string } | null;
  /** The card to charge again later (renewals), when it was saved. */
  paymentMethodRef: string | null;
}

export interface SubscriptionOutcome extends PaymentOutcome {
  subscriptionRef: string;
  /** End of the first period (the trial, or the first paid period). */
  periodEnd: Date;
}

/** What the provider says about one payment now. */
export type PaymentStatus = 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'refunded';

export interface Discount {
  /** Our promo code row; providers that need their own coupon object derive its id from it. */
  promoId: number;
  kind: 'percent' | 'amount';
  percentOff: number | null;
  amountOffCents: number | null;
}

export interface ChargeInput {
  buyer: Buyer;
  amountCents: number;
  currency: Currency;
  source: PaymentSource;
  saveCard: boolean;
  idempotencyKey: string;
  description: string;
  metadata: Record<string, string>;
}

export interface SubscribeInput {
  buyer: Buyer;
  product: { id: number; name: string; amountCents: number; currency: Currency; period: Period };
  trialDays: number;
  discount: Discount | null;
  /** What the first payment comes to after the discount (the shop's own pricing). */
  firstAmountCents: number;
  source: PaymentSource;
  idempotencyKey: string;
  metadata: Record<string, string>;
}

/** Gives a settled payment back to the buyer: always its whole amount, once per key. */
export interface RefundInput {
  /** The payment's reference (the order's provider_ref). */
  ref: string;
  /** What the order charged; a provider refuses more than the payment took. */
  amountCents: number;
  currency: Currency;
  /** The same key for the same order: a repeated refund returns the first one. */
  idempotencyKey: string;
}

export interface RefundOutcome {
  /** The provider's refund id (sandbox: kept on its payment; Stripe: the Refund object). */
  refundRef: string;
}

/** The provider would not refund this payment (not settled, already disputed, not its own). */
export class RefundRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefundRefused';
  }
}

export type ProviderEvent = { id: string } & (
  | { type: 'payment.succeeded'; paymentRef: string; orderId: number | null }
  | { type: 'payment.failed'; paymentRef: string; orderId: number | null; failureCode: string }
  | { type: 'payment.refunded'; paymentRef: string }
  | {
      type: 'subscription.renewed';
      subscriptionRef: string;
      paymentRef: string;
      amountCents: number;
      periodStart: Date;
      periodEnd: Date;
    }
  | { type: 'subscription.renewal_failed'; subscriptionRef: string; paymentRef: string }
  | { type: 'subscription.updated'; subscriptionRef: string; cancelAtPeriodEnd: boolean }
  | { type: 'subscription.ended'; subscriptionRef: string }
);

/** The provider's own books over a period: what it took in, kept and paid out. */
export interface BalanceSummary {
  chargesCents: number;
  /** What the provider kept (Stripe's processing fees). */
  feeCents: number;
  refundsCents: number;
  payouts: { id: string; amountCents: number; currency: string; status: string; arrival: Date }[];
}

export interface PaymentProvider {
  readonly name: ProviderName;
  createCustomer(input: { channelId: number; userId: number; email: string }): Promise<string>;
  listCards(buyer: Buyer): Promise<SavedCard[]>;
  /** Saves a card for later (sandbox: from the card form; Stripe: returns a SetupIntent secret). */
  setupCard(
    buyer: Buyer,
    card: CardInput | undefined,
    idempotencyKey: string,
  ): Promise<{ clientSecret: string | null; card: SavedCard | null }>;
  charge(input: ChargeInput): Promise<PaymentOutcome>;
  /** The buyer finished the second step (sandbox), or came back from it (Stripe). */
  confirm(ref: string, approve: boolean): Promise<PaymentStatus>;
  /** Current state of a payment; by our idempotency key when its id was never recorded. */
  retrieve(ref: string | null, idempotencyKey: string): Promise<PaymentStatus>;
  /**
   * A payment waiting for the buyer's second step, with what the browser needs to finish it
   * (Stripe: the client secret); null when it waits for nothing from the buyer. A repeated buy
   * returns the open order with this, so an interrupted second step can be completed.
   */
  secondStep(ref: string): Promise<{ clientSecret: string | null } | null>;
  /**
   * Checks the card a free trial will charge when it ends, before the trial is given: it must
   * pass the provider's set-up (sandbox: a test card that can be charged; Stripe: a succeeded
   * SetupIntent of this customer). Returns the card's fingerprint, the same for the same card
   * whoever holds it. Throws PaymentRejected ('setup_failed') otherwise.
   */
  verifyTrialCard(buyer: Buyer, source: PaymentSource): Promise<{ fingerprint: string }>;
  subscribe(input: SubscribeInput): Promise<SubscriptionOutcome>;
  cancelAtPeriodEnd(subscriptionRef: string): Promise<void>;
  /** Undoes cancelAtPeriodEnd; false when the subscription has already ended (nothing to resume). */
  resumeRenewal(subscriptionRef: string): Promise<boolean>;
  portalUrl(buyer: Buyer, returnUrl: string): Promise<string>;
  /**
   * Refunds a settled payment in full (the console's refund). Idempotent by key; a payment
   * refunded already answers as refunded. Throws RefundRefused when it cannot be refunded.
   * The provider reports it as a 'payment.refunded' event too, which the shop handles once.
   */
  refund(input: RefundInput): Promise<RefundOutcome>;
  /**
   * The account's balance transactions created in [from, to), summed (revenue's payouts); null
   * where the provider has no such books (the sandbox pays nobody out).
   */
  balance(from: Date, to: Date): Promise<BalanceSummary | null>;
  /** Verified, normalised webhook events; throws on a bad or stale signature. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): Promise<ProviderEvent[]>;
  /** Work the provider does on its own schedule (sandbox: settle, renew); returns its events. */
  tick(now: Date): Promise<void>;
  /** Events produced by tick() not yet handled; ack marks one handled. */
  pendingEvents(): Promise<ProviderEvent[]>;
  ackEvent(id: string): Promise<void>;
}

/** Why a free trial's card was refused (setup_failed), whichever provider checked it. */
export const TRIAL_CARD_DECLINED =
  'This card could not be verified for the free trial: it must be able to pay when the trial ends. Use another card.';

/** A payment the provider refused outright (bad card, declined at once): a 400 for the buyer. */
export class PaymentRejected extends Error {
  constructor(
    readonly code: 'card_invalid' | 'payment_failed' | 'card_required' | 'setup_failed',
    message: string,
  ) {
    super(message);
    this.name = 'PaymentRejected';
  }
}

const DAY_MS = 86_400_000;

/** Monthly plans renew every 30 days, annual ones every 12 calendar months (spec section 9). */
export function addPeriod(from: Date, period: Period): Date {
  if (period === 'month') return new Date(from.getTime() + RENEWAL_PERIOD.month.days * DAY_MS);
  const next = new Date(from);
  next.setUTCMonth(next.getUTCMonth() + RENEWAL_PERIOD.annual.months);
  return next;
}
