import type Stripe from 'stripe';
import type { ProviderEvent } from './provider.js';

const idOf = (v: string | { id: string } | null | undefined): string | null =>
  v == null ? null : typeof v === 'string' ? v : v.id;

const orderIdOf = (metadata: Record<string, string> | null | undefined): number | null => {
  const n = Number(metadata?.order_id);
  return Number.isInteger(n) && n > 0 ? n : null;
};

function invoiceEvent(
  event: Stripe.Event,
  invoice: Stripe.Invoice,
  paid: boolean,
): ProviderEvent[] {
  const details = invoice.parent?.subscription_details;
  const subscriptionRef = idOf(details?.subscription);
  if (!invoice.id || !subscriptionRef) return [];
  if (invoice.billing_reason === 'subscription_cycle') {
    const period = invoice.lines.data[0]?.period;
    if (!paid) {
      return [
        {
          id: event.id,
          type: 'subscription.renewal_failed',
          subscriptionRef,
          paymentRef: invoice.id,
        },
      ];
    }
    return [
      {
        id: event.id,
        type: 'subscription.renewed',
        subscriptionRef,
        paymentRef: invoice.id,
        amountCents: invoice.amount_paid,
        periodStart: new Date((period?.start ?? invoice.period_start) * 1000),
        periodEnd: new Date((period?.end ?? invoice.period_end) * 1000),
      },
    ];
  }
  const orderId = orderIdOf(details?.metadata);
  return paid
    ? [{ id: event.id, type: 'payment.succeeded', paymentRef: invoice.id, orderId }]
    : [
        {
          id: event.id,
          type: 'payment.failed',
          paymentRef: invoice.id,
          orderId,
          failureCode: 'card_declined',
        },
      ];
}

/** The Stripe events the shop acts on, as normalised events; anything else is acknowledged. */
export function normaliseStripeEvent(event: Stripe.Event): ProviderEvent[] {
  switch (event.type) {
    case 'payment_intent.succeeded': {
      const pi = event.data.object;
      // Invoices of subscriptions are handled by invoice.* events.
      if (pi.metadata.kind === 'subscription') return [];
      return [
        {
          id: event.id,
          type: 'payment.succeeded',
          paymentRef: pi.id,
          orderId: orderIdOf(pi.metadata),
        },
      ];
    }
    case 'payment_intent.payment_failed': {
      const pi = event.data.object;
      return [
        {
          id: event.id,
          type: 'payment.failed',
          paymentRef: pi.id,
          orderId: orderIdOf(pi.metadata),
          failureCode: pi.last_payment_error?.code ?? 'card_declined',
        },
      ];
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const paymentRef = idOf(charge.payment_intent);
      // Partial refunds keep the purchase; only a full refund revokes access.
      if (!paymentRef || !charge.refunded) return [];
      return [{ id: event.id, type: 'payment.refunded', paymentRef }];
    }
    case 'invoice.paid':
      return invoiceEvent(event, event.data.object, true);
    case 'invoice.payment_failed':
      return invoiceEvent(event, event.data.object, false);
    case 'customer.subscription.updated': {
      const sub = event.data.object;
      return [
        {
          id: event.id,
          type: 'subscription.updated',
          subscriptionRef: sub.id,
          cancelAtPeriodEnd: sub.cancel_at_period_end,
        },
      ];
    }
    case 'customer.subscription.deleted':
      return [{ id: event.id, type: 'subscription.ended', subscriptionRef: event.data.object.id }];
    default:
      return [];
  }
}
