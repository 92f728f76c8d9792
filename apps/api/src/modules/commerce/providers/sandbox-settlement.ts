import type { DB } from '../../../db/database.js';
import { createSandboxRepository } from './sandbox.repository.js';

/**
 * Settles one due sandbox payment and records what happened in the outbox, in one transaction: a
 * crash either leaves the payment due (settled again later) or settled with its event waiting.
 */
export async function settlePayment(db: DB, paymentId: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const tx = createSandboxRepository(trx);
    const due = await tx.payment(paymentId, '');
    if (!due || due.status !== 'processing') return;
    const row = await tx.setPaymentStatus(paymentId, 'processing', { status: due.outcome }, now);
    if (!row) return;
    const m = row.metadata;
    const ok = row.status === 'succeeded';
    const subRef = m.subscription_ref;
    if (m.kind === 'renewal' && subRef && m.period_start && m.period_end) {
      const periodEnd = new Date(m.period_end);
      if (ok)
        await tx.updateSubscription(subRef, { status: 'active', current_period_end: periodEnd });
      else await tx.updateSubscription(subRef, { status: 'past_due' }, 'canceled');
      await tx.addEvent(
        row.channel_id,
        ok ? 'subscription.renewed' : 'subscription.renewal_failed',
        {
          subscriptionRef: subRef,
          paymentRef: row.id,
          amountCents: row.amount_cents,
          periodStart: m.period_start,
          periodEnd: m.period_end,
        },
      );
      return;
    }
    // A first payment that fails leaves no subscription behind.
    if (!ok && subRef) await tx.updateSubscription(subRef, { status: 'canceled' });
    await tx.addEvent(row.channel_id, ok ? 'payment.succeeded' : 'payment.failed', {
      paymentRef: row.id,
      orderId: m.order_id ? Number(m.order_id) : null,
      failureCode: row.failure_code ?? 'card_declined',
    });
  });
}
