import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventSchema } from '@rudy/contracts';
import type { TestContext } from '../../test/test-app.js';
import { card, CARDS, commerceApp, kit, SETUP_TIMEOUT_MS } from '../../test/commerce-test-kit.js';

/*
 * No worker runs here (the test app is the HTTP side alone, and no pass is run by hand): a sandbox
 * buyer who paid and left before the settlement still has the game when they come back, because
 * reading their access settles what is due. (Stripe's webhook grants in its request: see
 * stripe.int.test.ts.)
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

const hasAccess = async (eventId: number, apiKey: string) =>
  EventSchema.parse((await t.get(`/api/events/${eventId}`, { api_key: apiKey })).json()).has_access;

const orderStatus = async (id: number) =>
  (
    await t.database.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).status;

describe('a sandbox payment with no worker running', () => {
  it('grants the game once due, though the buyer never polled their order', async () => {
    const { apiKey } = await k.user();
    const { eventId } = await k.paidEvent();
    const bought = await k.buy(apiKey, { event_id: eventId, card: card(CARDS.ok) });
    expect(bought.payment.status).toBe('processing');
    // Not settled yet: nothing is granted early.
    expect(await hasAccess(eventId, apiKey)).toBe(false);
    clock.ms += 2_000;
    expect(await hasAccess(eventId, apiKey)).toBe(true);
    expect(await orderStatus(bought.order.id)).toBe('paid');
    expect((await k.access(apiKey)).capabilities).toContain('watch');
  });

  it('grants a pass through the access call alone, and never a payment that fails', async () => {
    const buyer = await k.user();
    const pass = await k.buy(buyer.apiKey, {
      package_id: await k.passId(/Team/),
      card: card(CARDS.ok),
    });
    const loser = await k.user();
    const { eventId } = await k.paidEvent();
    const failing = await k.buy(loser.apiKey, {
      event_id: eventId,
      card: card(CARDS.failsLater),
    });
    clock.ms += 2_000;
    expect((await k.access(buyer.apiKey)).capabilities).toContain('watch');
    expect(await orderStatus(pass.order.id)).toBe('paid');
    expect(await hasAccess(eventId, loser.apiKey)).toBe(false);
    expect(await orderStatus(failing.order.id)).toBe('failed');
  });

  it('renews a subscription due while no worker runs: the subscriber keeps watching', async () => {
    const { apiKey, userId } = await k.user();
    const first = await k.buy(apiKey, {
      subscription_id: await k.subscriptionId('month'),
      card: card(CARDS.ok),
    });
    clock.ms += 2_000;
    const paid = await k.order(apiKey, first.order.id);
    expect(paid).toMatchObject({ status: 'paid', subscription_status: 'active' });
    // Past the period's end: no worker pass charged the renewal ahead of it.
    clock.ms = new Date(paid.period_end ?? 0).getTime() + 60_000;
    const key = await k.freshKey(userId);
    // Three reads at once (a page's calls): each may renew; one charge, one renewal comes of it.
    const reads = await Promise.all([k.access(key), k.access(key), k.access(key)]);
    for (const access of reads) expect(access.capabilities).toContain('watch');
    const orders = await t.database.db
      .selectFrom('orders')
      .select(['kind', 'status', 'period_start'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    // One renewal, whichever reads came first: the period after the paid one.
    expect(orders.map((o) => `${o.kind} ${o.status}`)).toEqual([
      'new_subscription paid',
      'subscription_renewal paid',
    ]);
    expect(orders[1]?.period_start?.toISOString()).toBe(paid.period_end);
    const charges = await t.database.db
      .selectFrom('sandbox_payments')
      .select('id')
      .where(sql<string>`metadata->>'kind'`, '=', 'renewal')
      .where(sql<string>`metadata->>'period_start'`, '=', paid.period_end ?? '')
      .execute();
    expect(charges).toHaveLength(1);
  });
});
