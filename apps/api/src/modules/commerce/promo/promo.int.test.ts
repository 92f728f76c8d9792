import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CouponSchema, InvoicePreviewSchema } from '@rudy/contracts';
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
beforeAll(async () => {
  const app = await commerceApp();
  t = app.t;
  k = kit(t, app.clock);
}, SETUP_TIMEOUT_MS);
afterAll(() => t.close());

const coupon = async (query: Record<string, string>) =>
  t.get('/api/apply_coupon', { api_key: await t.apiKey(), ...query });

describe('apply_coupon', () => {
  it('applies a percentage and a fixed amount to a pass, never to its fee', async () => {
    const package_id = String(await k.passId(/Season/));
    const ten = CouponSchema.parse((await coupon({ code: 'welcome10', package_id })).json());
    expect(ten).toMatchObject({
      code: 'WELCOME10',
      percent_off: 10,
      price: 154.99,
      discount: 15,
      total: 139.99,
    });
    const five = CouponSchema.parse((await coupon({ code: 'FIVEOFF', package_id })).json());
    expect(five).toMatchObject({ kind: 'amount', amount_off: 5, discount: 5, total: 149.99 });
  });

  it("says 'Wrong promo code' for an unknown code and 'Promo code is invalid' otherwise", async () => {
    const wrong = await coupon({ code: 'NOPE' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'wrong_promo_code', message: 'Wrong promo code' });
    const invalid = { code: 'promo_code_invalid', message: 'Promo code is invalid' };
    expect((await coupon({ code: 'SPRING20' })).json()).toEqual({
      code: 'promo_code_expired',
      message: 'Promo code is invalid: it has expired',
    });
    expect((await coupon({ code: '' })).json()).toEqual(invalid);
    expect((await coupon({ code: 'bad code!' })).json()).toEqual(invalid);
    const team = String(await k.passId(/Team/));
    expect((await coupon({ code: 'SEASON25', package_id: team })).json()).toEqual({
      code: 'promo_code_not_applicable',
      message: 'Promo code is invalid for this product',
    });
    const season = String(await k.passId(/Season/));
    expect((await coupon({ code: 'SEASON25', package_id: season })).json()).toMatchObject({
      percent_off: 25,
    });
    expect(
      (await coupon({ code: 'WELCOME10', api_key: await t.apiKey('other-league') })).statusCode,
    ).toBe(200);
  });
});

describe('promo codes at checkout', () => {
  it('charges the discounted price and shows the code on the order', async () => {
    const { apiKey } = await k.user();
    const res = await k.buy(apiKey, {
      package_id: await k.passId(/Season/),
      card: card(CARDS.ok),
      promo_code: 'FIVEOFF',
    });
    expect(res.order).toMatchObject({
      amount_cents: 15_499 - 500,
      discount: 5,
      promo_code: 'FIVEOFF',
    });
    const twice = await k.post('/api/stripe/buy', apiKey, {
      package_id: await k.passId(/Team/),
      card: card(CARDS.ok),
      promo_code: 'FIVEOFF',
    });
    expect(twice.json()).toMatchObject({ code: 'promo_code_already_used' });
  });

  it('redeems a single-use code once when 20 buyers race for it', async () => {
    const users = await Promise.all(Array.from({ length: 20 }, () => k.user()));
    const seasonId = await k.passId(/Season/);
    const results = await Promise.all(
      users.map((u) =>
        k.post('/api/stripe/buy', u.apiKey, {
          package_id: seasonId,
          card: card(CARDS.ok),
          promo_code: 'ONETIME50',
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(
      results.filter((r) => r.statusCode === 400).map((r) => r.json<{ code: string }>().code),
    ).toEqual(Array(19).fill('promo_code_used_up'));
    const promo = await t.database.db
      .selectFrom('promo_codes')
      .select('redemptions')
      .where('code', '=', 'ONETIME50')
      .where('channel_id', '=', t.demoChannelId)
      .executeTakeFirstOrThrow();
    expect(promo.redemptions).toBe(1);
  });

  it('gives the redemption back when the payment fails', async () => {
    await t.database.db
      .insertInto('promo_codes')
      .values({
        channel_id: t.demoChannelId,
        code: 'RETRY1',
        kind: 'percent',
        percent_off: 5,
        max_redemptions: 1,
      })
      .execute();
    const { apiKey } = await k.user();
    const pkg = { package_id: await k.passId(/Team/), promo_code: 'RETRY1' };
    await k.buy(apiKey, { ...pkg, card: card(CARDS.declined) });
    await k.advance(2_000);
    const retry = await k.buy(apiKey, { ...pkg, card: card(CARDS.ok) });
    expect(retry.order.promo_code).toBe('RETRY1');
  });

  it('previews the invoice with the code, and a trial with nothing due now', async () => {
    const api_key = await t.apiKey();
    const season = await t.inject({
      method: 'POST',
      url: '/api/stripe/invoice-preview',
      payload: { api_key, package_id: await k.passId(/Season/), promo_code: 'WELCOME10' },
    });
    expect(InvoicePreviewSchema.parse(season.json())).toMatchObject({
      subtotal: 149.99,
      service_fee: 5,
      discount: 15,
      total: 139.99,
      total_cents: 13_999,
      next_payment_at: null,
    });
    const trial = await t.inject({
      method: 'POST',
      url: '/api/stripe/invoice-preview',
      payload: { api_key, subscription_id: await k.subscriptionId('month'), trial: true },
    });
    expect(trial.json()).toMatchObject({
      total: 0,
      trial_days: 7,
      period: 'month',
      next_payment_amount: 12.99,
    });
  });
});
