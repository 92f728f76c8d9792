import type { ProviderEvent } from './provider.js';

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' ? v : 0);

/** An outbox row of the sandbox as the normalised event a webhook would have brought. */
export function sandboxEvent(row: {
  id: string;
  type: string;
  payload: Record<string, unknown>;
}): ProviderEvent {
  const p = row.payload;
  const id = `evt_sbx_${row.id}`;
  const orderId = typeof p.orderId === 'number' ? p.orderId : null;
  switch (row.type) {
    case 'payment.succeeded':
      return { id, type: 'payment.succeeded', paymentRef: str(p.paymentRef), orderId };
    case 'payment.failed':
      return {
        id,
        type: 'payment.failed',
        paymentRef: str(p.paymentRef),
        orderId,
        failureCode: str(p.failureCode) || 'card_declined',
      };
    case 'payment.refunded':
      return { id, type: 'payment.refunded', paymentRef: str(p.paymentRef) };
    case 'subscription.renewed':
      return {
        id,
        type: 'subscription.renewed',
        subscriptionRef: str(p.subscriptionRef),
        paymentRef: str(p.paymentRef),
        amountCents: num(p.amountCents),
        periodStart: new Date(str(p.periodStart)),
        periodEnd: new Date(str(p.periodEnd)),
      };
    case 'subscription.renewal_failed':
      return {
        id,
        type: 'subscription.renewal_failed',
        subscriptionRef: str(p.subscriptionRef),
        paymentRef: str(p.paymentRef),
      };
    default:
      return { id, type: 'subscription.ended', subscriptionRef: str(p.subscriptionRef) };
  }
}
