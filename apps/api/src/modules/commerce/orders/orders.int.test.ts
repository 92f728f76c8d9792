import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrdersPageSchema } from '@rudy/contracts';
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

describe('orders', () => {
  it("lists every order unless a limit is given; 'id not selected'; others' orders are 404", async () => {
    const { apiKey } = await k.user();
    const a = await k.buy(apiKey, {
      package_id: await k.passId(/Team/),
      card: card(CARDS.declined),
    });
    // The declined payment fails as it settles; until then the order is open and a second buy
    // of the pass would be answered with it (one open order per purchase).
    await k.advance(2_000);
    const b = await k.buy(apiKey, { package_id: await k.passId(/Team/), card: card(CARDS.ok) });
    const all = OrdersPageSchema.parse(
      (await t.get('/api/orders', { api_key: apiKey, no_limit: '1' })).json(),
    );
    expect(all.data.map((o) => o.id)).toEqual([b.order.id, a.order.id]);
    expect(all.meta).toEqual({ total: 2, offset: 0, limit: 2 });
    const one = OrdersPageSchema.parse(
      (await t.get('/api/orders', { api_key: apiKey, limit: '1' })).json(),
    );
    expect(one.meta).toEqual({ total: 2, offset: 0, limit: 1 });
    const bad = await t.get('/api/orders/undefined', { api_key: apiKey });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 'id_not_selected', message: 'id not selected' });
    const stranger = await k.user();
    expect(
      (await t.get(`/api/orders/${b.order.id}`, { api_key: stranger.apiKey })).statusCode,
    ).toBe(404);
    expect((await t.get('/api/orders', { api_key: await t.apiKey() })).statusCode).toBe(401);
  });

  it("names the products in the viewer's language at checkout and in the orders", async () => {
    const { apiKey } = await k.user();
    const teamPass = await k.passId(/Team/);
    const preview = (lang: string) =>
      t.inject({
        method: 'POST',
        url: '/api/stripe/invoice-preview',
        payload: { api_key: apiKey, package_id: teamPass, lang },
      });
    const fr = await preview('fr');
    expect(fr.statusCode).toBe(200);
    expect(fr.json<{ lines: { name: string }[] }>().lines[0]?.name).toBe(
      'Passe d’équipe Lakeshore Collegiate',
    );
    expect((await preview('en')).json<{ lines: { name: string }[] }>().lines[0]?.name).toBe(
      'Lakeshore Collegiate Team Pass',
    );
    await k.buy(apiKey, { package_id: teamPass, card: card(CARDS.ok) });
    const orders = OrdersPageSchema.parse(
      (await t.get('/api/orders', { api_key: apiKey, lang: 'fr' })).json(),
    );
    expect(orders.data[0]?.product.name).toBe('Passe d’équipe Lakeshore Collegiate');
    expect(orders.data[0]?.items[0]?.name).toBe('Passe d’équipe Lakeshore Collegiate');
  });

  it('marks purchases in the bootstrap document for the signed-in buyer only', async () => {
    const { apiKey } = await k.user();
    const seasonId = await k.passId(/Season/);
    await k.buy(apiKey, { package_id: seasonId, card: card(CARDS.ok) });
    await k.advance(2_000);
    const mine = await t.get('/api/channel-bootstrap-data', {
      api_key: apiKey,
      client_interface: 'web',
    });
    const flags = (r: typeof mine) =>
      r
        .json<{ packages: { id: number; purchased: boolean }[] }>()
        .packages.find((p) => p.id === seasonId)?.purchased;
    expect(flags(mine)).toBe(true);
    const anonymous = await t.get('/api/channel-bootstrap-data', {
      api_key: await t.apiKey(),
      client_interface: 'web',
    });
    expect(flags(anonymous)).toBe(false);
  });
});

describe('custom forms', () => {
  it('answers 404 without a form, then reads and saves entries', async () => {
    const { apiKey } = await k.user();
    expect((await t.get('/api/custom-forms/passes', { api_key: apiKey })).statusCode).toBe(404);
    await t.database.db
      .insertInto('custom_forms')
      .values({
        channel_id: t.demoChannelId,
        alias: 'passes',
        definition: JSON.stringify({ fields: [{ name: 'base_pass', required: true }] }),
      })
      .execute();
    const empty = await t.get('/api/custom-forms/passes', { api_key: apiKey });
    expect(empty.json()).toMatchObject({ alias: 'passes', entries: [] });
    const missing = await k.post('/api/custom-forms/passes', apiKey, {
      entries: [{ name: 'base_pass', value: '' }],
    });
    expect(missing.json()).toMatchObject({ errors: { base_pass: 'Field is required' } });
    const saved = await k.post('/api/custom-forms/passes', apiKey, {
      entries: [{ name: 'base_pass', value: '7' }],
    });
    expect(saved.json()).toMatchObject({ entries: [{ name: 'base_pass', value: '7' }] });
    const other = await t.get('/api/custom-forms/passes', {
      api_key: await t.apiKey('other-league'),
    });
    expect(other.statusCode).toBe(404);
  });

  it('refuses to log out a user who has not chosen the base pass (custom forms on)', async () => {
    await t.database.db
      .insertInto('custom_forms')
      .values({
        channel_id: t.demoChannelId,
        alias: 'passes',
        definition: JSON.stringify({ fields: [{ name: 'base_pass', required: true }] }),
      })
      .onConflict((oc) => oc.columns(['channel_id', 'alias']).doNothing())
      .execute();
    const settings = await t.database.db
      .selectFrom('settings')
      .select('data')
      .where('channel_id', '=', t.demoChannelId)
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('settings')
      .set({ data: JSON.stringify({ ...settings.data, custom_forms: true }) })
      .where('channel_id', '=', t.demoChannelId)
      .execute();
    try {
      const chooser = await k.user();
      const refused = await k.post('/api/auth/logout', chooser.apiKey, {});
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'cannot_logout' });
      await k.post('/api/custom-forms/passes', chooser.apiKey, {
        entries: [{ name: 'base_pass', value: '7' }],
      });
      expect((await k.post('/api/auth/logout', chooser.apiKey, {})).statusCode).toBe(200);
    } finally {
      await t.database.db
        .updateTable('settings')
        .set({ data: JSON.stringify({ ...settings.data, custom_forms: false }) })
        .where('channel_id', '=', t.demoChannelId)
        .execute();
    }
  });
});

describe('the OpenAPI document', () => {
  it('documents every commerce call with its body and responses', async () => {
    const doc = (await t.get('/api/docs/json')).json<{
      paths: Record<string, Record<string, { requestBody?: unknown; responses: object }>>;
    }>();
    for (const path of [
      '/api/stripe/buy',
      '/api/stripe/buy_bundle',
      '/api/stripe/unsubscribe',
      '/api/stripe/setup-intent',
      '/api/stripe/invoice-preview',
      '/api/stripe/subscription/start_trial',
      '/api/stripe/confirm',
      '/api/custom-forms/{alias}',
    ]) {
      expect(doc.paths[path]?.post?.requestBody, path).toBeDefined();
    }
    for (const path of [
      '/api/packages',
      '/api/packages/{id}',
      '/api/subscriptions',
      '/api/subscriptions/{id}',
      '/api/orders',
      '/api/orders/{id}',
      '/api/apply_coupon',
      '/api/stripe/customer-portal',
      '/api/stripe/list-cards',
    ]) {
      expect(Object.keys(doc.paths[path]?.get?.responses ?? {}), path).toContain('200');
    }
    expect(doc.paths['/api/stripe/webhook']?.post).toBeDefined();
  });
});
