import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutResponse } from '@rudy/contracts';
import type { TestContext } from '../../../test/test-app.js';
import {
  CARDS,
  card,
  commerceApp,
  kit,
  SETUP_TIMEOUT_MS,
} from '../../../test/commerce-test-kit.js';

/*
 * The attack: many quick buys of one product by one user, each charged. Now one order stays open
 * per buyer and purchase (a unique index), every repeat answers that order, and the provider sees
 * one payment whose idempotency key names the order.
 */
let t: TestContext;
let k: ReturnType<typeof kit>;
let clock: { ms: number };
beforeAll(async () => {
  const app = await commerceApp();
  t = app.t;
  clock = app.clock;
  k = kit(t, clock);
}, SETUP_TIMEOUT_MS);
afterAll(() => t.close());

const TIMES = 10;

async function ordersOf(userId: number) {
  return t.database.db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

/** Payments the sandbox processor took for these orders. */
async function paymentsFor(orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return t.database.db
    .selectFrom('sandbox_payments')
    .selectAll()
    .where(
      sql<string>`metadata->>'order_id'`,
      'in',
      orderIds.map((id) => String(id)),
    )
    .execute();
}

async function concurrently(url: string, apiKey: string, payload: Record<string, unknown>) {
  const results = await Promise.all(
    Array.from({ length: TIMES }, () => k.post(url, apiKey, payload)),
  );
  expect(results.map((r) => r.statusCode)).toEqual(Array(TIMES).fill(200));
  return results.map((r) => r.json<CheckoutResponse>());
}

/** The Team pass as an add-on, for the length of one test. */
async function withAddon<T>(fn: (ids: { seasonId: number; teamId: number }) => Promise<T>) {
  const teamId = await k.passId(/Team/);
  const seasonId = await k.passId(/Season/);
  const setType = (pass_type: 'addon' | 'regular') =>
    t.database.db.updateTable('packages').set({ pass_type }).where('id', '=', teamId).execute();
  await setType('addon');
  try {
    return await fn({ seasonId, teamId });
  } finally {
    await setType('regular');
  }
}

describe('one open order per buyer and purchase', () => {
  it('10 concurrent buys of one pass make one order and one payment, all answered 200', async () => {
    const { apiKey, userId } = await k.user();
    const answers = await concurrently('/api/stripe/buy', apiKey, {
      package_id: await k.passId(/Season/),
      card: card(CARDS.ok),
    });
    const orders = await ordersOf(userId);
    expect(orders).toHaveLength(1);
    const [order] = orders;
    expect(new Set(answers.map((a) => a.order.id))).toEqual(new Set([order?.id]));
    expect(answers.every((a) => a.payment.status === 'processing')).toBe(true);
    const payments = await paymentsFor(orders.map((o) => o.id));
    expect(payments).toHaveLength(1);
    // The provider's idempotency key is the order's, and names it.
    expect(order?.idempotency_key).toMatch(new RegExp(`^order-${order?.id}-[0-9a-f]+$`));
    expect(payments[0]?.idempotency_key).toBe(order?.idempotency_key);

    await k.advance(2_000);
    expect((await k.order(apiKey, order?.id ?? 0)).status).toBe('paid');
    const after = await k.post('/api/stripe/buy', apiKey, {
      package_id: await k.passId(/Season/),
      card: card(CARDS.ok),
    });
    expect(after.statusCode).toBe(400);
    expect(after.json()).toMatchObject({ code: 'already_purchased' });
    expect(await ordersOf(userId)).toHaveLength(1);
  });

  it('a paid event bought by event id and by package id at once is one order', async () => {
    const { apiKey, userId } = await k.user();
    const { eventId, packageId } = await k.paidEvent();
    const answers = await Promise.all(
      Array.from({ length: TIMES }, (_, i) =>
        k.post(
          '/api/stripe/buy',
          apiKey,
          i % 2
            ? { event_id: eventId, card: card(CARDS.ok) }
            : { single_event_package_id: packageId, card: card(CARDS.ok) },
        ),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(TIMES).fill(200));
    const orders = await ordersOf(userId);
    expect(orders.map((o) => o.product_key)).toEqual([`event:${packageId}`]);
    expect(await paymentsFor(orders.map((o) => o.id))).toHaveLength(1);
  });

  it('10 concurrent bundle buys (ids in any order) make one order; its pass alone waits', async () => {
    await withAddon(async ({ seasonId, teamId }) => {
      const { apiKey, userId } = await k.user();
      const answers = await Promise.all(
        Array.from({ length: TIMES }, (_, i) =>
          k.post('/api/stripe/buy_bundle', apiKey, {
            package_ids: i % 2 ? [seasonId, teamId] : [teamId, seasonId],
            card: card(CARDS.ok),
          }),
        ),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(Array(TIMES).fill(200));
      const orders = await ordersOf(userId);
      expect(orders).toHaveLength(1);
      expect(orders[0]?.product_key).toBe(
        `package:${[seasonId, teamId].sort((a, b) => a - b).join('+')}`,
      );
      expect(await paymentsFor(orders.map((o) => o.id))).toHaveLength(1);
      // The bundle's pass on its own would pay for it twice: refused while the bundle is open.
      const alone = await k.post('/api/stripe/buy', apiKey, {
        package_id: seasonId,
        card: card(CARDS.ok),
      });
      expect(alone.statusCode).toBe(409);
      expect(alone.json()).toMatchObject({ code: 'order_pending' });
      expect(await ordersOf(userId)).toHaveLength(1);
    });
  });

  it('10 concurrent subscription buys make one order, one subscription, one payment', async () => {
    const { apiKey, userId } = await k.user();
    const subscription_id = await k.subscriptionId('annual');
    const answers = await concurrently('/api/stripe/buy', apiKey, {
      subscription_id,
      card: card(CARDS.ok),
    });
    const orders = await ordersOf(userId);
    expect(orders).toHaveLength(1);
    expect(new Set(answers.map((a) => a.order.id))).toEqual(new Set([orders[0]?.id]));
    const chains = await t.database.db
      .selectFrom('user_subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    expect(chains).toHaveLength(1);
    const subs = await t.database.db
      .selectFrom('sandbox_subscriptions')
      .select('id')
      .where(sql<string>`metadata->>'order_id'`, '=', String(orders[0]?.id))
      .execute();
    expect(subs).toHaveLength(1);
    expect(await paymentsFor(orders.map((o) => o.id))).toHaveLength(1);
  });

  it('10 concurrent trial starts give one trial and no error above 400', async () => {
    const { apiKey, userId } = await k.user();
    const subscription_id = await k.subscriptionId('month');
    const results = await Promise.all(
      Array.from({ length: TIMES }, () =>
        k.post('/api/stripe/subscription/start_trial', apiKey, {
          subscription_id,
          card: card('5555 5555 5555 4444'),
        }),
      ),
    );
    const orders = await ordersOf(userId);
    expect(orders).toHaveLength(1);
    for (const r of results) {
      if (r.statusCode === 200) {
        expect(r.json<CheckoutResponse>().order.id).toBe(orders[0]?.id);
      } else {
        // The trial was given (and paid, at 0) before this one looked: no second one.
        expect(r.statusCode).toBe(400);
        expect(r.json<{ code: string }>().code).toMatch(/^(trial_already_used|already_purchased)$/);
      }
    }
    expect(results.some((r) => r.statusCode === 200)).toBe(true);
  });

  it('a repeated buy offers the pending second step again, and a failed order is no obstacle', async () => {
    const { apiKey, userId } = await k.user();
    const seasonId = await k.passId(/Season/);
    const first = await k.buy(apiKey, { package_id: seasonId, card: card(CARDS.threeDs) });
    expect(first.payment.status).toBe('requires_action');
    // The buyer closed the tab during the second step and pays again later, with another card.
    const again = await k.buy(apiKey, { package_id: seasonId, card: card(CARDS.ok) });
    expect(again.order.id).toBe(first.order.id);
    expect(again.payment).toMatchObject({ status: 'requires_action', next_action: 'confirm' });
    const denied = await k.post('/api/stripe/confirm', apiKey, {
      order_id: first.order.id,
      outcome: 'deny',
    });
    expect(denied.json()).toMatchObject({ order: { status: 'failed' } });
    const retry = await k.buy(apiKey, { package_id: seasonId, card: card(CARDS.ok) });
    expect(retry.order.id).not.toBe(first.order.id);
    expect((await ordersOf(userId)).map((o) => o.status)).toEqual(['failed', 'created']);
  });

  it('a repeated buy after the payment failed (not yet recorded) opens a new order', async () => {
    const { apiKey, userId } = await k.user();
    const seasonId = await k.passId(/Season/);
    const declined = await k.buy(apiKey, { package_id: seasonId, card: card(CARDS.declined) });
    expect((await k.buy(apiKey, { package_id: seasonId, card: card(CARDS.ok) })).order.id).toBe(
      declined.order.id,
    );
    // The decline is due at the processor; no job has recorded it yet. The repeat asks.
    clock.ms += 1_600;
    const retry = await k.buy(apiKey, { package_id: seasonId, card: card(CARDS.ok) });
    expect(retry.order.id).not.toBe(declined.order.id);
    expect((await ordersOf(userId)).map((o) => o.status)).toEqual(['failed', 'created']);
  });

  it('the database itself holds one open order per buyer and purchase', async () => {
    const { apiKey, userId } = await k.user();
    const bought = await k.buy(apiKey, {
      package_id: await k.passId(/Team/),
      card: card(CARDS.ok),
    });
    const row = (await ordersOf(userId))[0];
    if (!row) throw new Error('no order');
    const copy = {
      ...row,
      id: undefined,
      provider_ref: null,
      idempotency_key: `${row.idempotency_key}-copy`,
    };
    await expect(t.database.db.insertInto('orders').values(copy).execute()).rejects.toMatchObject({
      code: '23505',
      constraint: 'orders_one_open',
    });
    // Another buyer's open order for the same pass is theirs alone.
    const other = await k.user();
    const theirs = await k.buy(other.apiKey, {
      package_id: await k.passId(/Team/),
      card: card(CARDS.ok),
    });
    expect(theirs.order.id).not.toBe(bought.order.id);
  });
});
