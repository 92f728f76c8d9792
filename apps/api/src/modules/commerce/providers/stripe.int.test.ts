import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/test-app.js';
import { commerceApp, kit, SETUP_TIMEOUT_MS } from '../../../test/commerce-test-kit.js';
import { startStripeStandIn } from '../../../test/stripe-stand-in.js';
import { adminUser } from '../../../test/test-users.js';

const SECRET = 'whsec_test_secret';
const signer = new Stripe('sk_test_signer');
let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
let t: TestContext;
let k: ReturnType<typeof kit>;
let clock: { ms: number };

beforeAll(async () => {
  standIn = await startStripeStandIn();
  const app = await commerceApp({
    STRIPE_SECRET_KEY: 'sk_test_standin',
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_API_URL: standIn.url,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
  });
  t = app.t;
  clock = app.clock;
  k = kit(t, clock);
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await t.close();
  await standIn.close();
});

function deliver(event: object, opts: { timestamp?: number; secret?: string; body?: string } = {}) {
  const payload = JSON.stringify(event);
  const header = signer.webhooks.generateTestHeaderString({
    payload,
    secret: opts.secret ?? SECRET,
    timestamp: opts.timestamp ?? Math.floor(clock.ms / 1000),
  });
  return t.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload: opts.body ?? payload,
  });
}

const piEvent = (id: string, piId: string, orderId: number, type = 'payment_intent.succeeded') => ({
  id,
  object: 'event',
  type,
  data: { object: { id: piId, object: 'payment_intent', metadata: { order_id: String(orderId) } } },
});

async function buyPass(apiKey: string) {
  const res = await k.buy(apiKey, {
    package_id: await k.passId(/Season/),
    payment_method_id: 'pm_card_visa',
  });
  const row = await t.database.db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', res.order.id)
    .executeTakeFirstOrThrow();
  return { res, ref: row.provider_ref ?? '' };
}

describe('the Stripe adapter', () => {
  it('creates a PaymentIntent with an idempotency key, and never takes a card number', async () => {
    const { apiKey } = await k.user();
    const { res, ref } = await buyPass(apiKey);
    expect(res.payment).toMatchObject({ provider: 'stripe', status: 'processing' });
    expect(ref).toMatch(/^pi_/);
    const creates = standIn.requests.filter((r) => r.method === 'POST');
    expect(creates.length).toBeGreaterThan(0);
    expect(creates.every((r) => r.idempotencyKey)).toBe(true);
    const pi = standIn.requests.find((r) => r.path === '/v1/payment_intents');
    expect(pi?.params.get('amount')).toBe('15499');
    expect(pi?.params.get('metadata[order_id]')).toBe(String(res.order.id));
    const withCard = await k.post('/api/stripe/buy', apiKey, {
      package_id: await k.passId(/Team/),
      card: { number: '4242424242424242', exp_month: 1, exp_year: 2099, cvc: '123' },
    });
    expect(withCard.json()).toMatchObject({ code: 'card_invalid' });
    const declined = await k.buy(apiKey, {
      package_id: await k.passId(/Team/),
      payment_method_id: 'pm_card_chargeDeclined',
    });
    expect(declined.payment.status).toBe('failed');
  });

  it('grants once for 50 concurrent deliveries of one event plus the buyer returning', async () => {
    const { apiKey, userId } = await k.user();
    const { res, ref } = await buyPass(apiKey);
    standIn.settle(ref, 'succeeded');
    const event = piEvent('evt_concurrent', ref, res.order.id);
    const results = await Promise.all([
      ...Array.from({ length: 50 }, () => deliver(event)),
      ...Array.from({ length: 5 }, () =>
        k.post('/api/stripe/confirm', apiKey, { order_id: res.order.id }),
      ),
      ...Array.from({ length: 5 }, () => t.get(`/api/orders/${res.order.id}`, { api_key: apiKey })),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual(Array(60).fill(200));
    const db = t.database.db;
    const orders = await db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    expect(orders.map((o) => o.status)).toEqual(['paid']);
    const events = await db
      .selectFrom('payment_events')
      .selectAll()
      .where('event_id', '=', 'evt_concurrent')
      .execute();
    expect(events).toHaveLength(1);
    const grants = await db
      .selectFrom('orders')
      .where('user_id', '=', userId)
      .where('status', '=', 'paid')
      .where('fulfilled_at', 'is not', null)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(grants.n)).toBe(1);
    // One receipt owed, whatever number of deliveries and returns.
    const mails = await db
      .selectFrom('purchase_mails')
      .select('kind')
      .where('order_id', '=', res.order.id)
      .execute();
    expect(mails).toEqual([{ kind: 'receipt' }]);
  });

  it('grants in the webhook request: no worker pass, the buyer never coming back', async () => {
    const { apiKey } = await k.user();
    const { res, ref } = await buyPass(apiKey);
    expect((await k.access(apiKey)).capabilities).not.toContain('watch');
    expect((await deliver(piEvent('evt_alone', ref, res.order.id))).statusCode).toBe(200);
    expect((await k.access(apiKey)).capabilities).toContain('watch');
  });

  it('refuses a stale or tampered webhook with 400 and writes nothing', async () => {
    const { apiKey } = await k.user();
    const { res, ref } = await buyPass(apiKey);
    const event = piEvent('evt_stale', ref, res.order.id);
    const stale = await deliver(event, { timestamp: Math.floor(clock.ms / 1000) - 301 });
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ code: 'webhook_invalid' });
    const tampered = await deliver(event, {
      body: JSON.stringify({ ...event, id: 'evt_tampered', type: 'payment_intent.succeeded' }),
    });
    expect(tampered.statusCode).toBe(400);
    const wrongSecret = await deliver(event, { secret: 'whsec_other' });
    expect(wrongSecret.statusCode).toBe(400);
    const unsigned = await t.inject({ method: 'POST', url: '/api/stripe/webhook', payload: event });
    expect(unsigned.statusCode).toBe(400);
    const seen = await t.database.db
      .selectFrom('payment_events')
      .select('event_id')
      .where('event_id', 'in', ['evt_stale', 'evt_tampered'])
      .execute();
    expect(seen).toEqual([]);
    expect(
      (
        await t.database.db
          .selectFrom('orders')
          .select('status')
          .where('id', '=', res.order.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('created');
  });

  it('fails on payment_intent.payment_failed and revokes access on a full refund', async () => {
    const { apiKey } = await k.user();
    const a = await buyPass(apiKey);
    expect(
      (await deliver(piEvent('evt_fail', a.ref, a.res.order.id, 'payment_intent.payment_failed')))
        .statusCode,
    ).toBe(200);
    expect((await k.order(apiKey, a.res.order.id)).status).toBe('failed');
    const b = await buyPass(apiKey);
    await deliver(piEvent('evt_ok_b', b.ref, b.res.order.id));
    expect((await k.access(apiKey)).capabilities).toContain('watch');
    const refund = {
      id: 'evt_refund_b',
      object: 'event',
      type: 'charge.refunded',
      data: { object: { id: 'ch_1', object: 'charge', payment_intent: b.ref, refunded: true } },
    };
    expect((await deliver(refund)).statusCode).toBe(200);
    expect(await k.order(apiKey, b.res.order.id)).toMatchObject({
      status: 'refunded',
      label: 'Refunded',
    });
    expect((await k.access(apiKey)).capabilities).toEqual([]);
  });

  it('subscribes with a trial and a coupon, renews and cancels through Stripe', async () => {
    const { apiKey } = await k.user();
    const subscription_id = await k.subscriptionId('month');
    const trial = await k.buy(
      apiKey,
      { subscription_id, payment_method_id: 'pm_card_visa' },
      '/api/stripe/subscription/start_trial',
    );
    expect(trial.order).toMatchObject({ status: 'paid', amount: 0, kind: 'new_subscription' });
    const create = standIn.requests.filter((r) => r.path === '/v1/subscriptions').at(-1);
    expect(create?.params.get('trial_period_days')).toBe('7');
    expect(create?.params.get('items[0][price_data][recurring][interval_count]')).toBe('30');
    expect(create?.idempotencyKey).toBeTruthy();
    const chain = await t.database.db
      .selectFrom('user_subscriptions')
      .selectAll()
      .where(
        'id',
        '=',
        trial.order.id > 0
          ? ((
              await t.database.db
                .selectFrom('orders')
                .select('user_subscription_id')
                .where('id', '=', trial.order.id)
                .executeTakeFirstOrThrow()
            ).user_subscription_id ?? 0)
          : 0,
      )
      .executeTakeFirstOrThrow();
    const renewal = {
      id: 'evt_cycle',
      object: 'event',
      type: 'invoice.paid',
      data: {
        object: {
          id: 'in_cycle_1',
          object: 'invoice',
          billing_reason: 'subscription_cycle',
          amount_paid: 1299,
          period_start: 0,
          period_end: 0,
          parent: { subscription_details: { subscription: chain.provider_ref, metadata: {} } },
          lines: {
            object: 'list',
            data: [{ period: { start: 1_900_000_000, end: 1_902_592_000 } }],
          },
        },
      },
    };
    expect((await deliver(renewal)).statusCode).toBe(200);
    expect((await deliver(renewal)).statusCode).toBe(200);
    const list = (await t.get('/api/orders', { api_key: apiKey })).json<{
      data: { kind_label: string; amount: number }[];
    }>().data;
    expect(list.map((o) => o.kind_label)).toEqual(['Subscription Renewal', 'New subscription']);
    const cancel = await k.post('/api/stripe/unsubscribe', apiKey, { order_id: trial.order.id });
    expect(cancel.json()).toMatchObject({ status: 'success', order: { renewal: 'cancelled' } });
    const update = standIn.requests
      .filter((r) => r.path === `/v1/subscriptions/${chain.provider_ref}`)
      .at(-1);
    expect(update?.params.get('cancel_at_period_end')).toBe('true');

    const other = await k.user();
    await k.buy(other.apiKey, {
      subscription_id: await k.subscriptionId('annual'),
      payment_method_id: 'pm_card_visa',
      promo_code: 'WELCOME10',
    });
    const withCoupon = standIn.requests.filter((r) => r.path === '/v1/subscriptions').at(-1);
    expect(withCoupon?.params.get('discounts[0][coupon]')).toMatch(/^rudy-promo-/);
    expect(
      standIn.requests.some(
        (r) => r.path === '/v1/coupons' && r.params.get('percent_off') === '10',
      ),
    ).toBe(true);
  });

  it('gives the browser the provider and the publishable key for Elements', async () => {
    const { apiKey } = await k.user();
    const config = await t.get('/api/payments/config', { api_key: apiKey });
    expect(config.json()).toEqual({
      provider: 'stripe',
      publishable_key: 'pk_test_standin',
      customer_portal: true,
      // A test key: test cards pay, and the checkout says so.
      test_mode: true,
    });
  });

  it('lists saved cards, sets up a card and opens the customer portal', async () => {
    const { apiKey } = await k.user();
    await buyPass(apiKey);
    const cards = await t.get('/api/stripe/list-cards', { api_key: apiKey });
    expect(cards.json()).toEqual([
      { id: 'pm_card_visa', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2099 },
    ]);
    const setup = await k.post('/api/stripe/setup-intent', apiKey, {});
    expect(setup.json()).toEqual({
      provider: 'stripe',
      status: 'requires_payment_method',
      client_secret: 'seti_1_secret_x',
      card: null,
    });
    const portal = await t.inject({
      method: 'GET',
      url: '/api/stripe/customer-portal',
      query: { api_key: apiKey },
      headers: { host: 'evil.example' },
    });
    expect(portal.json()).toEqual({
      provider: 'stripe',
      url: 'https://billing.stripe.test/session',
    });
    // The portal sends the buyer back to the configured site, whatever Host the request claimed.
    const session = standIn.requests.findLast((r) => r.path === '/v1/billing_portal/sessions');
    expect(session?.params.get('return_url')).toBe('http://localhost:3000/profile');
  });
});

const TIMES = 10;
const creates = (path: string, orderId: number) =>
  standIn.requests.filter(
    (r) =>
      r.method === 'POST' &&
      r.path === path &&
      r.params.get('metadata[order_id]') === String(orderId),
  );

describe('repeated buys with Stripe', () => {
  it('10 concurrent buys of one pass: one order, one PaymentIntent keyed by the order', async () => {
    const { apiKey, userId } = await k.user();
    const payload = { package_id: await k.passId(/Season/), payment_method_id: 'pm_card_visa' };
    const results = await Promise.all(
      Array.from({ length: TIMES }, () => k.post('/api/stripe/buy', apiKey, payload)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(TIMES).fill(200));
    const orders = await t.database.db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    expect(orders).toHaveLength(1);
    const order = orders[0];
    if (!order) throw new Error('no order');
    expect(new Set(results.map((r) => r.json<{ order: { id: number } }>().order.id))).toEqual(
      new Set([order.id]),
    );
    const intents = creates('/v1/payment_intents', order.id);
    expect(intents).toHaveLength(1);
    expect(intents[0]?.idempotencyKey).toBe(order.idempotency_key);
    expect(order.idempotency_key).toMatch(new RegExp(`^order-${order.id}-`));
  });

  it('10 concurrent plan buys: one order, one Subscription keyed by the order', async () => {
    const { apiKey, userId } = await k.user();
    const payload = {
      subscription_id: await k.subscriptionId('annual'),
      payment_method_id: 'pm_card_visa',
    };
    const results = await Promise.all(
      Array.from({ length: TIMES }, () => k.post('/api/stripe/buy', apiKey, payload)),
    );
    // Stripe answers 'active' at once: the order is paid before some repeats look, and those are
    // told the plan is theirs already. None is charged again.
    for (const r of results) {
      if (r.statusCode !== 200) expect(r.json()).toMatchObject({ code: 'already_purchased' });
    }
    const orders = await t.database.db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    expect(orders).toHaveLength(1);
    const subscriptions = creates('/v1/subscriptions', orders[0]?.id ?? 0);
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]?.idempotencyKey).toBe(orders[0]?.idempotency_key);
  });

  it('a repeated buy gives back the pending 3-D Secure step with its client secret', async () => {
    const { apiKey } = await k.user();
    const payload = {
      package_id: await k.passId(/Team/),
      payment_method_id: 'pm_card_authenticationRequired',
    };
    const first = await k.buy(apiKey, payload);
    expect(first.payment).toMatchObject({ status: 'requires_action' });
    const again = await k.buy(apiKey, payload);
    expect(again.order.id).toBe(first.order.id);
    expect(again.payment).toMatchObject({
      status: 'requires_action',
      client_secret: first.payment.client_secret,
    });
    expect(creates('/v1/payment_intents', first.order.id)).toHaveLength(1);
  });
});

describe('free trials with Stripe', () => {
  const trial = (apiKey: string, pm: string, subscription_id: number) =>
    k.post('/api/stripe/subscription/start_trial', apiKey, {
      subscription_id,
      payment_method_id: pm,
    });

  it('need a card whose SetupIntent succeeded, and one trial per card fingerprint', async () => {
    const monthly = await k.subscriptionId('month');
    const subscriptionsBefore = standIn.requests.filter((r) => r.path === '/v1/subscriptions');
    const user = await k.user();
    // Saved, but could never be charged: its SetupIntent did not succeed.
    const failing = await trial(user.apiKey, 'pm_card_chargeCustomerFail', monthly);
    expect(failing.statusCode).toBe(400);
    expect(failing.json()).toMatchObject({ code: 'trial_card_declined' });
    // Never set up at all (a payment method made without a SetupIntent).
    const unset = await trial(user.apiKey, 'pm_card_unsetUp', monthly);
    expect(unset.json()).toMatchObject({ code: 'trial_card_declined' });
    // The visa's fingerprint had its trial in an earlier test, on another account.
    const reused = await trial(user.apiKey, 'pm_card_visa', monthly);
    expect(reused.json()).toMatchObject({ code: 'trial_card_used' });
    expect(standIn.requests.filter((r) => r.path === '/v1/subscriptions')).toHaveLength(
      subscriptionsBefore.length,
    );
    const orders = await t.database.db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', user.userId)
      .execute();
    expect(orders).toEqual([]);
    const given = await trial(user.apiKey, 'pm_card_mastercard', monthly);
    expect(given.statusCode).toBe(200);
    expect(given.json()).toMatchObject({ order: { status: 'paid', amount: 0 } });
  });
});

describe('Stripe balance transactions (revenue payouts)', () => {
  it('sums charges, Stripe fees, refunds and payouts of a range', async () => {
    const at = Math.floor(clock.ms / 1000);
    standIn.balance.push(
      { type: 'charge', amount: 15_499, fee: 479, created: at - 300, source: 'ch_1' },
      { type: 'refund', amount: -15_499, fee: 0, created: at - 200, source: 're_1' },
      { type: 'payout', amount: -10_000, fee: 0, created: at - 100, source: 'po_1' },
      { type: 'charge', amount: 999, fee: 59, created: at - 90 * 86_400, source: 'ch_old' },
    );
    const summary = await t.app.commerce.provider.balance(
      new Date((at - 86_400) * 1000),
      new Date((at + 1) * 1000),
    );
    expect(summary).toEqual({
      chargesCents: 15_499,
      feeCents: 479,
      refundsCents: 15_499,
      payouts: [
        {
          id: 'po_1',
          amountCents: 10_000,
          currency: 'CAD',
          status: 'pending',
          arrival: new Date((at - 100 + 2 * 86_400) * 1000),
        },
      ],
    });
    // This deployment serves two channels: the account's payouts are not one channel's to see.
    const admin = await adminUser(t);
    const day = new Date(clock.ms).toISOString().slice(0, 10);
    const res = await t.get('/api/admin/revenue', { api_key: admin.apiKey, from: day, to: day });
    expect(res.json()).toMatchObject({
      payouts: { available: false, reason: 'shared_account', payouts: [] },
    });
  });
});
