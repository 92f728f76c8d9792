import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn } from '../../../test/stripe-stand-in.js';
import { RefundRefused } from './provider.js';
import { createStripeProvider } from './stripe.provider.js';

/* The console's refund through Stripe's refunds API (a local stand-in for Stripe's API). */

let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
let stripe: ReturnType<typeof createStripeProvider>;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  stripe = createStripeProvider({
    secretKey: 'sk_test_standin',
    webhookSecret: undefined,
    toleranceSeconds: 300,
    apiUrl: standIn.url,
    now: () => new Date(),
  });
});
afterAll(() => standIn.close());

const refundsSent = () => standIn.requests.filter((r) => r.path === '/v1/refunds');

describe('Stripe refunds', () => {
  it('refunds a PaymentIntent the amount asked, under the order’s idempotency key', async () => {
    const out = await stripe.refund({
      ref: 'pi_paid_1',
      amountCents: 1899,
      currency: 'CAD',
      idempotencyKey: 'admin-refund:1:41',
    });
    expect(out.refundRef).toMatch(/^re_/);
    const sent = refundsSent().at(-1);
    expect(sent?.params.get('payment_intent')).toBe('pi_paid_1');
    expect(sent?.params.get('amount')).toBe('1899');
    expect(sent?.idempotencyKey).toBe('admin-refund:1:41');
  });

  it('refunds a plan’s invoice through the PaymentIntent that paid it', async () => {
    await stripe.refund({
      ref: 'in_first_7',
      amountCents: 9999,
      currency: 'CAD',
      idempotencyKey: 'admin-refund:1:42',
    });
    expect(refundsSent().at(-1)?.params.get('payment_intent')).toBe('pi_of_in_first_7');
  });

  it('takes a payment refunded already (from Stripe’s dashboard) as refunded', async () => {
    const out = await stripe.refund({
      ref: 'pi_paid_1',
      amountCents: 1899,
      currency: 'CAD',
      idempotencyKey: 'another-key',
    });
    expect(out.refundRef).toBe('refunded:pi_paid_1');
  });

  it('refuses a reference Stripe cannot refund', async () => {
    await expect(
      stripe.refund({ ref: 'sub_x_trial', amountCents: 100, currency: 'CAD', idempotencyKey: 'k' }),
    ).rejects.toBeInstanceOf(RefundRefused);
  });
});
