import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderSchema, PackageSchema } from '@rudy/contracts';
import type { TestContext } from '../../../test/test-app.js';
import {
  CARDS,
  card,
  commerceApp,
  kit,
  SETUP_TIMEOUT_MS,
} from '../../../test/commerce-test-kit.js';

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

describe('packages and subscriptions', () => {
  it('lists the passes with the basic pass disabled and the priciest one premium', async () => {
    const res = await t.get('/api/packages', { api_key: await t.apiKey() });
    expect(res.statusCode).toBe(200);
    const passes = PackageSchema.array().parse(res.json());
    expect(passes.map((p) => p.name)).toEqual([
      expect.stringMatching(/Season Pass/),
      expect.stringMatching(/Team Pass/),
      'Basic Pass',
    ]);
    expect(passes.find((p) => p.is_basic)).toMatchObject({ disabled: true, is_premium: false });
    expect(passes.filter((p) => p.is_premium).map((p) => p.name)).toEqual([
      expect.stringMatching(/Season Pass/),
    ]);
    expect(passes.every((p) => !p.purchased)).toBe(true);
  });

  it("answers 'Pass not found' for an unknown pass or subscription", async () => {
    const api_key = await t.apiKey();
    for (const url of ['/api/packages/999999', '/api/subscriptions/999999']) {
      const res = await t.get(url, { api_key });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'pass_not_found', message: 'Pass not found' });
    }
    const other = await t.get('/api/subscriptions', { api_key: await t.apiKey('other-league') });
    const foreignId = other.json<{ id: number }[]>()[0]?.id ?? 0;
    expect((await t.get(`/api/subscriptions/${foreignId}`, { api_key })).statusCode).toBe(404);
  });

  it('lists the subscriptions with their trial and period', async () => {
    const res = await t.get('/api/subscriptions', { api_key: await t.apiKey() });
    expect(res.json()).toEqual([
      expect.objectContaining({ period: 'month', trial_period: 7, offer: 'monthly' }),
      expect.objectContaining({ period: 'annual', offer: 'annual', is_premium: true }),
    ]);
  });
});

describe('buying', () => {
  it('needs a signed-in buyer, a product and a card, with the spec messages', async () => {
    const anonymous = await k.post('/api/stripe/buy', await t.apiKey(), { package_id: 1 });
    expect(anonymous.statusCode).toBe(401);
    const { apiKey } = await k.user();
    const seasonId = await k.passId(/Season/);
    const noCard = await k.post('/api/stripe/buy', apiKey, { package_id: seasonId });
    expect(noCard.statusCode).toBe(400);
    expect(noCard.json()).toEqual({
      code: 'card_required',
      message: 'Please select one of your saved cards or enter new one',
    });
    const none = await k.post('/api/stripe/buy', apiKey, { card: card(CARDS.ok) });
    expect(none.json()).toEqual({ code: 'id_not_selected', message: 'id not selected' });
    const unknown = await k.post('/api/stripe/buy', apiKey, {
      package_id: 999999,
      card: card(CARDS.ok),
    });
    expect(unknown.json()).toMatchObject({ message: 'Pass not found' });
    const basic = await k.post('/api/stripe/buy', apiKey, {
      package_id: (await t.get('/api/packages', { api_key: apiKey }))
        .json<{ id: number; is_basic: boolean }[]>()
        .find((p) => p.is_basic)?.id,
      card: card(CARDS.ok),
    });
    expect(basic.json()).toMatchObject({ code: 'product_unavailable' });
    const badCard = await k.post('/api/stripe/buy', apiKey, {
      package_id: seasonId,
      card: card('4242 4242 4242 4241'),
    });
    expect(badCard.json()).toMatchObject({ code: 'card_invalid' });
  });

  it('refuses a free event, and a paid event without a single-event package, clearly', async () => {
    const { apiKey } = await k.user();
    const free = await t.database.db
      .selectFrom('events')
      .select('id')
      .where('channel_id', '=', t.demoChannelId)
      .where('access_type', '=', 'free')
      .executeTakeFirstOrThrow();
    const res = await k.post('/api/stripe/buy', apiKey, {
      event_id: free.id,
      card: card(CARDS.ok),
    });
    expect(res.json()).toMatchObject({ code: 'event_not_for_sale' });
    const { eventId, packageId } = await k.paidEvent('ppv');
    await t.database.db
      .updateTable('events')
      .set({ single_event_package_id: null })
      .where('id', '=', eventId)
      .execute();
    try {
      const orphan = await k.post('/api/stripe/buy', apiKey, {
        event_id: eventId,
        card: card(CARDS.ok),
      });
      expect(orphan.statusCode).toBe(400);
      expect(orphan.json<{ message: string }>().message).toMatch(/single-event package/);
    } finally {
      await t.database.db
        .updateTable('events')
        .set({ single_event_package_id: packageId })
        .where('id', '=', eventId)
        .execute();
    }
  });

  it('buys a paid event: created, then paid a moment later, and access follows', async () => {
    const { apiKey, userId } = await k.user();
    const { eventId } = await k.paidEvent();
    const bought = await k.buy(apiKey, { event_id: eventId, card: card(CARDS.ok) });
    expect(bought.payment).toMatchObject({ provider: 'sandbox', status: 'processing' });
    expect(bought.order).toMatchObject({ status: 'created', type: 'event', label: 'Inactive' });
    expect(bought.order.items).toEqual([expect.objectContaining({ type: 'event' })]);
    // Polling before settlement still sees 'created'.
    expect((await k.order(apiKey, bought.order.id)).status).toBe('created');
    await k.advance(2_000);
    const paid = OrderSchema.parse(await k.order(apiKey, bought.order.id));
    expect(paid).toMatchObject({ status: 'paid', activity_status: 'active', label: 'Active' });
    expect(paid.card).toEqual({ brand: 'visa', last4: '4242' });
    expect(paid.product).toMatchObject({ event_id: eventId });
    expect((await k.access(apiKey)).capabilities).toContain('watch');
    const covered = await t.app.commerce.entitlements.purchasedEventIds(
      t.demoChannelId,
      userId,
      [eventId, eventId + 1],
      new Date(Date.now() + 10_000),
    );
    expect([...covered]).toEqual([eventId]);
    const again = await k.post('/api/stripe/buy', apiKey, {
      event_id: eventId,
      card: card(CARDS.ok),
    });
    expect(again.json()).toMatchObject({ code: 'already_purchased' });
  });

  it('polling alone settles a due sandbox payment (no job run)', async () => {
    const { apiKey } = await k.user();
    const bought = await k.buy(apiKey, {
      package_id: await k.passId(/Team/),
      card: card(CARDS.ok),
    });
    expect((await k.order(apiKey, bought.order.id)).status).toBe('created');
    clock.ms += 1_600;
    expect((await k.order(apiKey, bought.order.id)).status).toBe('paid');
  });

  it('fails a declined card with a message, and grants nothing', async () => {
    const { apiKey } = await k.user();
    const bought = await k.buy(apiKey, {
      package_id: await k.passId(/Season/),
      card: card(CARDS.declined),
    });
    expect(bought.payment.status).toBe('processing');
    await k.advance(2_000);
    const order = await k.order(apiKey, bought.order.id);
    expect(order).toMatchObject({
      status: 'failed',
      label: 'Inactive',
      failure_code: 'card_declined',
      failure_message: 'Your card was declined.',
    });
    expect((await k.access(apiKey)).capabilities).toEqual([]);
  });

  it('asks for a second step, then settles after confirm (approve) or fails (deny)', async () => {
    const { apiKey } = await k.user();
    const seasonId = await k.passId(/Season/);
    const first = await k.buy(apiKey, { package_id: seasonId, card: card(CARDS.threeDs) });
    expect(first.payment).toMatchObject({ status: 'requires_action', next_action: 'confirm' });
    await k.advance(5_000);
    expect((await k.order(apiKey, first.order.id)).status).toBe('created');
    const confirmed = await k.post('/api/stripe/confirm', apiKey, { order_id: first.order.id });
    expect(confirmed.json()).toMatchObject({ payment: { status: 'processing' } });
    await k.advance(2_000);
    expect((await k.order(apiKey, first.order.id)).status).toBe('paid');

    const other = await k.user();
    const second = await k.buy(other.apiKey, { package_id: seasonId, card: card(CARDS.threeDs) });
    const denied = await k.post('/api/stripe/confirm', other.apiKey, {
      order_id: second.order.id,
      outcome: 'deny',
    });
    expect(denied.json()).toMatchObject({
      payment: { status: 'failed' },
      order: { status: 'failed' },
    });
  });

  it('saves cards without their number and pays with a saved one', async () => {
    const { apiKey } = await k.user();
    const setup = await k.post('/api/stripe/setup-intent', apiKey, { card: card(CARDS.ok) });
    expect(setup.json()).toMatchObject({
      provider: 'sandbox',
      status: 'succeeded',
      card: { last4: '4242' },
    });
    await k.buy(apiKey, {
      package_id: await k.passId(/Team/),
      card: card('5555 5555 5555 4444'),
      save_card: true,
    });
    const cards = (await t.get('/api/stripe/list-cards', { api_key: apiKey })).json<
      { id: string; brand: string }[]
    >();
    expect(cards.map((c) => c.brand).sort()).toEqual(['mastercard', 'visa']);
    const stored = JSON.stringify(
      await t.database.db.selectFrom('sandbox_cards').selectAll().execute(),
    );
    expect(stored).not.toMatch(/4242424242424242|5555555555554444/);
    const visa = cards.find((c) => c.brand === 'visa');
    const paid = await k.buy(apiKey, {
      package_id: await k.passId(/Season/),
      payment_method_id: visa?.id,
    });
    expect(paid.order.card).toEqual({ brand: 'visa', last4: '4242' });
    const foreign = await k.user();
    const stolen = await k.post('/api/stripe/buy', foreign.apiKey, {
      package_id: await k.passId(/Season/),
      payment_method_id: visa?.id,
    });
    expect(stolen.json()).toMatchObject({ code: 'card_required' });
    const portal = await t.get('/api/stripe/customer-portal', { api_key: apiKey });
    expect(portal.json()).toEqual({ provider: 'sandbox', url: '/profile' });
    const config = await t.get('/api/payments/config', { api_key: apiKey });
    expect(config.json()).toEqual({
      provider: 'sandbox',
      publishable_key: null,
      customer_portal: false,
      test_mode: true,
    });
  });

  it('buys a bundle of a pass and add-ons in one payment', async () => {
    const { apiKey } = await k.user();
    const teamId = await k.passId(/Team/);
    await t.database.db
      .updateTable('packages')
      .set({ pass_type: 'addon' })
      .where('id', '=', teamId)
      .execute();
    try {
      const seasonId = await k.passId(/Season/);
      const res = await k.buy(
        apiKey,
        { package_ids: [seasonId, teamId], card: card(CARDS.ok) },
        '/api/stripe/buy_bundle',
      );
      expect(res.order.items.map((i) => i.type)).toEqual(['package', 'additional']);
      expect(res.order.amount_cents).toBe(14_999 + 500 + 5_999 + 300);
      await k.advance(2_000);
      const passes = (await t.get('/api/packages', { api_key: apiKey })).json<
        { id: number; purchased: boolean }[]
      >();
      expect(
        passes
          .filter((p) => p.purchased)
          .map((p) => p.id)
          .sort(),
      ).toEqual([seasonId, teamId].sort());
      const two = await k.post('/api/stripe/buy_bundle', apiKey, {
        package_ids: [seasonId, seasonId + 999],
        card: card(CARDS.ok),
      });
      expect(two.statusCode).toBe(404);
    } finally {
      await t.database.db
        .updateTable('packages')
        .set({ pass_type: 'regular' })
        .where('id', '=', teamId)
        .execute();
    }
  });
});
