import { createHash, randomBytes } from 'node:crypto';
import type { CardInput, SavedCard } from '@rudy/contracts';
import type { DB } from '../../../db/database.js';
import type { Selectable } from 'kysely';
import type { SandboxPaymentsTable } from '../../../db/schema.js';
import {
  addPeriod,
  PaymentRejected,
  type Buyer,
  type PaymentOutcome,
  type PaymentProvider,
  type PaymentSource,
  type PaymentStatus,
  type ProviderEvent,
  RefundRefused,
  TRIAL_CARD_DECLINED,
} from './provider.js';
import { checkCard, passesSetup, type CardBehavior } from './sandbox-cards.js';
import { createSandboxRepository } from './sandbox.repository.js';
import { sandboxEvent } from './sandbox-events.js';
import { settlePayment } from './sandbox-settlement.js';

/** Renewals are charged this long before the period ends, so access runs on without a gap. */
export const SANDBOX_RENEWAL_LEAD_MS = 3_600_000;
const BATCH = 100;

const id = (prefix: string) => `${prefix}_sbx_${randomBytes(12).toString('hex')}`;
type CardRow = {
  id: string;
  brand: string;
  last4: string;
  behavior: string;
  fingerprint: string | null;
};
const toSaved = (c: CardRow & { exp_month: number; exp_year: number }): SavedCard => ({
  id: c.id,
  brand: c.brand,
  last4: c.last4,
  exp_month: c.exp_month,
  exp_year: c.exp_year,
});

const FAILURE_OF: Partial<Record<CardBehavior, string>> = {
  decline: 'card_declined',
  insufficient_funds: 'insufficient_funds',
  fail_later: 'card_declined',
};

/**
 * A card processor that behaves like Stripe's test mode, inside the app: test card numbers succeed,
 * decline or ask for a second step; accepted payments settle `settleMs` later (the moment is stored,
 * so a restart does not lose them); subscriptions renew on schedule by charging the saved card.
 */
export function createSandboxProvider(deps: { db: DB; now: () => Date; settleMs: number }) {
  const { db, now } = deps;
  const repo = createSandboxRepository(db);

  /** One of the buyer's saved cards; another user's card id is as good as none. */
  async function savedCard(buyer: Buyer, cardId: string) {
    const card = await repo.card(cardId);
    if (!card || card.channel_id !== buyer.channelId || card.user_id !== buyer.userId) {
      throw new PaymentRejected('card_required', 'Card not found');
    }
    return card;
  }

  async function resolveCard(buyer: Buyer, source: PaymentSource, save: boolean): Promise<CardRow> {
    if (source.kind === 'saved') return savedCard(buyer, source.id);
    return newCard(buyer, source.card, save);
  }

  async function newCard(buyer: Buyer, input: CardInput, save: boolean): Promise<CardRow> {
    const check = checkCard(input, now());
    if (!check.ok) throw new PaymentRejected('card_invalid', check.message);
    const card = {
      id: id('card'),
      brand: check.brand,
      last4: check.last4,
      behavior: check.behavior,
      fingerprint: check.fingerprint,
    };
    if (save) {
      await repo.insertCard({
        ...card,
        channel_id: buyer.channelId,
        user_id: buyer.userId,
        exp_month: input.exp_month,
        exp_year: input.exp_year,
      });
    }
    return card;
  }

  function outcomeOf(row: Selectable<SandboxPaymentsTable>, saved: string | null): PaymentOutcome {
    const status = row.status === 'refunded' ? 'succeeded' : row.status;
    return {
      ref: row.id,
      status,
      clientSecret: null,
      failureCode: row.status === 'failed' ? row.failure_code : null,
      card: row.brand && row.last4 ? { brand: row.brand, last4: row.last4 } : null,
      paymentMethodRef: saved,
    };
  }

  /** Creates (or, for a repeated idempotency key, finds) a payment on a card. */
  async function pay(input: {
    channelId: number;
    card: CardRow;
    amountCents: number;
    currency: string;
    idempotencyKey: string;
    metadata: Record<string, string>;
    offSession: boolean;
  }) {
    const behavior = input.card.behavior as CardBehavior;
    const failure = FAILURE_OF[behavior] ?? null;
    const needsStep = behavior === 'authenticate' && !input.offSession;
    return repo.insertPayment({
      id: id('pi'),
      channel_id: input.channelId,
      idempotency_key: input.idempotencyKey,
      amount_cents: input.amountCents,
      currency: input.currency,
      card_id: input.card.id,
      brand: input.card.brand,
      last4: input.card.last4,
      status: needsStep ? 'requires_action' : 'processing',
      outcome: failure ? 'failed' : 'succeeded',
      failure_code: failure,
      settle_at: needsStep ? null : new Date(now().getTime() + deps.settleMs),
      metadata: JSON.stringify(input.metadata),
    });
  }

  const settle = (paymentId: string) => settlePayment(db, paymentId, now());

  async function renew(sub: Awaited<ReturnType<typeof repo.dueRenewals>>[number]) {
    const card = await repo.card(sub.card_id);
    const start = new Date(sub.current_period_end);
    const end = addPeriod(start, sub.period);
    await pay({
      channelId: sub.channel_id,
      card: card ?? {
        id: sub.card_id,
        brand: 'unknown',
        last4: '0000',
        behavior: 'decline',
        fingerprint: null,
      },
      amountCents: sub.amount_cents,
      currency: sub.currency,
      idempotencyKey: `renew:${sub.id}:${start.toISOString()}`,
      metadata: {
        kind: 'renewal',
        subscription_ref: sub.id,
        period_start: start.toISOString(),
        period_end: end.toISOString(),
      },
      offSession: true,
    });
  }

  const statusOf = (row: Selectable<SandboxPaymentsTable> | undefined): PaymentStatus => {
    if (!row) return 'failed';
    if (row.status === 'processing') return 'pending';
    return row.status;
  };

  /**
   * What `tick` does for these subscriptions only, in the caller's request (a read of the
   * subscriber's access: commerce-core's settleOnRead), so a renewal never waits on the worker:
   * the due ones are charged (the same idempotency key as the worker's, so one charge whoever
   * comes first), and a charge whose period has begun settles now, since the subscriber is
   * waiting for it. Returns their undelivered events, for the caller to handle and ack.
   */
  async function renewNow(subscriptionRefs: readonly string[]): Promise<ProviderEvent[]> {
    if (subscriptionRefs.length === 0) return [];
    const at = now();
    const until = new Date(at.getTime() + SANDBOX_RENEWAL_LEAD_MS);
    for (const sub of await repo.dueRenewals(until, BATCH, subscriptionRefs)) await renew(sub);
    for (const p of await repo.openRenewals(subscriptionRefs)) {
      const begun = p.period_start !== null && new Date(p.period_start) <= at;
      if (begun || (p.settle_at !== null && p.settle_at <= at)) await settle(p.id);
    }
    return (await repo.pendingEventsOf(subscriptionRefs)).map(sandboxEvent);
  }

  const provider: PaymentProvider = {
    name: 'sandbox',
    createCustomer: (b) => Promise.resolve(`cus_sbx_${b.channelId}_${b.userId}`),
    async listCards(buyer) {
      return (await repo.cards(buyer.channelId, buyer.userId)).map(toSaved);
    },
    async setupCard(buyer, card) {
      if (!card) throw new PaymentRejected('card_required', 'card_required');
      const check = checkCard(card, now());
      if (!check.ok) throw new PaymentRejected('card_invalid', check.message);
      if (check.behavior === 'decline' || check.behavior === 'insufficient_funds') {
        throw new PaymentRejected('payment_failed', 'Your card was declined.');
      }
      const saved = await newCard(buyer, card, true);
      const row = await repo.card(saved.id);
      return { clientSecret: null, card: row ? toSaved(row) : null };
    },
    async charge(input) {
      const card = await resolveCard(input.buyer, input.source, input.saveCard);
      const row = await pay({
        channelId: input.buyer.channelId,
        card,
        amountCents: input.amountCents,
        currency: input.currency,
        idempotencyKey: input.idempotencyKey,
        metadata: input.metadata,
        offSession: false,
      });
      const saved = input.saveCard || input.source.kind === 'saved' ? card.id : null;
      return outcomeOf(row, saved);
    },
    async confirm(ref, approve) {
      const row = await repo.payment(ref, '');
      if (row?.status === 'requires_action') {
        await repo.setPaymentStatus(
          ref,
          'requires_action',
          approve
            ? { status: 'processing', settle_at: new Date(now().getTime() + deps.settleMs) }
            : {
                status: 'processing',
                outcome: 'failed',
                failure_code: 'authentication_failed',
                settle_at: now(),
              },
          now(),
        );
        if (!approve) await settle(ref);
      }
      return provider.retrieve(ref, '');
    },
    async secondStep(ref) {
      const row = await repo.payment(ref, '');
      return row?.status === 'requires_action' ? { clientSecret: null } : null;
    },
    async verifyTrialCard(buyer, source) {
      let card: { behavior: string; fingerprint: string | null };
      if (source.kind === 'saved') {
        card = await savedCard(buyer, source.id);
      } else {
        const check = checkCard(source.card, now());
        if (!check.ok) throw new PaymentRejected('card_invalid', check.message);
        card = check;
      }
      // Like a set-up at a real processor: a card that could never pay ("fails later") fails it.
      if (!passesSetup(card.behavior as CardBehavior) || !card.fingerprint) {
        throw new PaymentRejected('setup_failed', TRIAL_CARD_DECLINED);
      }
      return { fingerprint: card.fingerprint };
    },
    async retrieve(ref, idempotencyKey) {
      let row = await repo.payment(ref, idempotencyKey);
      if (row?.status === 'processing' && row.settle_at && row.settle_at <= now()) {
        await settle(row.id);
        row = await repo.payment(row.id, '');
      }
      return statusOf(row);
    },
    async subscribe(input) {
      const card = await resolveCard(input.buyer, input.source, true);
      const subRef = id('sub');
      const start = now();
      const trialEnd = new Date(start.getTime() + input.trialDays * 86_400_000);
      const periodEnd = input.trialDays > 0 ? trialEnd : addPeriod(start, input.product.period);
      await repo.insertSubscription({
        id: subRef,
        channel_id: input.buyer.channelId,
        card_id: card.id,
        amount_cents: input.product.amountCents,
        currency: input.product.currency,
        period: input.product.period,
        status: input.trialDays > 0 ? 'trialing' : 'active',
        current_period_end: periodEnd,
        metadata: JSON.stringify(input.metadata),
      });
      const base = { subscriptionRef: subRef, periodEnd, paymentMethodRef: card.id };
      if (input.trialDays > 0) {
        return {
          ...base,
          ref: `${subRef}_trial`,
          status: 'succeeded',
          clientSecret: null,
          failureCode: null,
          card: { brand: card.brand, last4: card.last4 },
        };
      }
      const row = await pay({
        channelId: input.buyer.channelId,
        card,
        amountCents: input.firstAmountCents,
        currency: input.product.currency,
        idempotencyKey: input.idempotencyKey,
        metadata: { ...input.metadata, subscription_ref: subRef },
        offSession: false,
      });
      return { ...outcomeOf(row, card.id), ...base };
    },
    async cancelAtPeriodEnd(subscriptionRef) {
      await repo.updateSubscription(subscriptionRef, { cancel_at_period_end: true }, 'canceled');
    },
    async resumeRenewal(subscriptionRef) {
      const row = await repo.updateSubscription(
        subscriptionRef,
        { cancel_at_period_end: false },
        'canceled',
      );
      return row !== undefined;
    },
    portalUrl: () => Promise.resolve('/profile'),
    parseWebhook: () => Promise.reject(new Error('The sandbox sends no webhooks')),
    async tick(at) {
      for (const p of await repo.duePayments(at, BATCH)) await settle(p.id);
      const until = new Date(at.getTime() + SANDBOX_RENEWAL_LEAD_MS);
      for (const sub of await repo.dueRenewals(until, BATCH)) await renew(sub);
      for (const sub of await repo.ending(at, BATCH)) {
        const ended = await repo.updateSubscription(sub.id, { status: 'canceled' }, 'canceled');
        if (ended)
          await repo.addEvent(ended.channel_id, 'subscription.ended', { subscriptionRef: sub.id });
      }
    },
    // The sandbox moves no money: no fees kept, nothing paid out (the console says so).
    balance: () => Promise.resolve(null),
    async pendingEvents() {
      return (await repo.pendingEvents(BATCH)).map(sandboxEvent);
    },
    ackEvent: (eventId) => repo.ackEvent(eventId.replace(/^evt_sbx_/, ''), now()),
    /**
     * What the processor's back office does: the payment moves from succeeded to refunded once
     * (a conditional update: concurrent calls refund once), keeping the refund's id and amount
     * on the payment, and the refund is reported through the outbox like any event.
     */
    async refund(input) {
      return db.transaction().execute(async (trx) => {
        const tx = createSandboxRepository(trx);
        const payment = await tx.payment(input.ref, '');
        if (!payment) throw new RefundRefused('No such payment');
        if (input.amountCents > payment.amount_cents || input.amountCents <= 0) {
          throw new RefundRefused('A refund cannot exceed what the payment took');
        }
        const refundRef = `re_sbx_${createHash('sha256').update(input.idempotencyKey).digest('hex').slice(0, 24)}`;
        const row = await tx.refundPayment(payment.id, refundRef, input.amountCents, now());
        if (row) {
          await tx.addEvent(row.channel_id, 'payment.refunded', { paymentRef: row.id });
          return { refundRef };
        }
        const again = await tx.payment(payment.id, '');
        if (again?.status === 'refunded') return { refundRef: again.refund_ref ?? refundRef };
        throw new RefundRefused('Only a settled payment can be refunded');
      });
    },
  };
  return Object.assign(provider, { renewNow });
}
export type SandboxProvider = ReturnType<typeof createSandboxProvider>;
