import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Playback,
  AdminOrderDetail,
  AdminOrdersPage,
  AdminPass,
  AdminPlan,
  AdminPreroll,
  AdminPromo,
  AuditEntry,
} from '@rudy/contracts';
import { expectAdminOnly, otherChannelAdmin, type Admin } from '../../../test/admin-test-kit.js';
import {
  CARDS,
  card,
  commerceApp,
  kit,
  SETUP_TIMEOUT_MS,
} from '../../../test/commerce-test-kit.js';
import type { TestContext } from '../../../test/test-app.js';
import { attachVod, findEvent, makeTinyVod } from '../../../test/media-fixtures.js';
import { adminUser } from '../../../test/test-users.js';

/*
 * The console's commerce: passes, plans, promo codes, pre-rolls, orders and refunds. Admin-only,
 * checked by the contracts, every change audited; a refund goes through the sandbox provider, is
 * made once however often it is asked, and ends the viewer's access.
 */

let t: TestContext;
let k: ReturnType<typeof kit>;
let admin: Admin;
let mediaDir: string;
let fixture: { dir: string; durationSeconds: number };
/** A free VOD game, for the pre-roll choice. */
let gameId: number;

beforeAll(async () => {
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-commerce-admin-'));
  fixture = await makeTinyVod();
  const app = await commerceApp({ MEDIA_DIR: mediaDir });
  t = app.t;
  k = kit(t, app.clock);
  admin = await adminUser(t);
  gameId = await findEvent(t, { access: 'free', when: 'past' });
  await attachVod(t, mediaDir, fixture, t.demoChannelId, gameId);
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await t?.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
  fs.rmSync(fixture.dir, { recursive: true, force: true });
});

const send = (method: 'POST' | 'PATCH', url: string, payload: object, apiKey = admin.apiKey) =>
  t.inject({ method, url, payload: { api_key: apiKey, ...payload } });
const get = <T>(url: string, query: Record<string, string> = {}) =>
  t.get(url, { api_key: admin.apiKey, ...query }).then((r) => {
    expect(r.statusCode, r.body).toBe(200);
    return r.json<T>();
  });
const audit = async (entity: string) =>
  (await get<{ data: AuditEntry[] }>('/api/admin/audit', { entity, limit: '100' })).data;
const sportId = async () =>
  (
    await t.database.db
      .selectFrom('event_categories')
      .select('id')
      .where('channel_id', '=', t.demoChannelId)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;

const pass = (categories: number[]) => ({
  name_en: 'Playoffs Pass',
  name_fr: 'Passe des séries',
  description_en: 'Every playoff game.',
  description_fr: '',
  base_price_cents: 2999,
  service_fee_cents: 100,
  image_url: null,
  accesses: ['watch', 'download'],
  position: 5,
  disabled: false,
  is_team_pass: false,
  pass_type: 'regular',
  event_category_ids: categories,
  participant_ids: [],
});
const plan = {
  name_en: 'Weekend Plan',
  name_fr: '',
  description_en: '',
  description_fr: '',
  base_price_cents: 499,
  service_fee_cents: 0,
  image_url: null,
  accesses: ['watch'],
  position: 3,
  disabled: false,
  period: 'month',
  trial_period_days: 0,
};
const promo = {
  code: 'PLAYOFF15',
  kind: 'percent',
  percent_off: 15,
  amount_off_cents: null,
  product_type: null,
  product_ids: [],
  expires_at: '2099-01-01T00:00:00.000Z',
  max_redemptions: 10,
  disabled: false,
};
const preroll = {
  url: '/media/prerolls/preroll-1.mp4',
  location_id: null,
  event_category_ids: [],
  for_live: true,
  for_vod: true,
  weight: 4,
  suppression_minutes: 30,
  disabled: false,
};

describe('who may use the commerce console', () => {
  it('401 anonymous and 403 for a viewer on every call, whatever they send', async () => {
    const calls = [
      ...[
        'passes',
        'plans',
        'promo-codes',
        'prerolls',
        'orders',
        'orders/1',
        'commerce/options',
      ].map((path) => (key: string) => t.get(`/api/admin/${path}`, { api_key: key })),
      ...['passes', 'plans', 'promo-codes', 'prerolls'].flatMap((path) => [
        (key: string) => send('POST', `/api/admin/${path}`, {}, key),
        (key: string) => send('PATCH', `/api/admin/${path}/1`, {}, key),
        (key: string) =>
          t.inject({ method: 'DELETE', url: `/api/admin/${path}/1`, query: { api_key: key } }),
      ]),
      (key: string) => send('POST', '/api/admin/orders/1/refund', {}, key),
    ];
    await expectAdminOnly(t, calls);
  });
});

describe('validation', () => {
  it('refuses bad passes, plans, codes and pre-rolls by field, storing nothing', async () => {
    const before = (await audit('pass')).length;
    const badPass = await send('POST', '/api/admin/passes', {
      ...pass([]),
      name_en: ' ',
      base_price_cents: -1,
      accesses: [],
      image_url: 'http://insecure.example/x.png',
    });
    expect(badPass.statusCode).toBe(400);
    expect(badPass.json<{ errors: Record<string, string> }>().errors).toMatchObject({
      name_en: 'Field is required',
      base_price_cents: 'Price must be between 0.00 and 10000.00',
      accesses: 'Choose at least one access',
      image_url: 'Use an https address',
    });
    const noCoverage = await send('POST', '/api/admin/passes', pass([]));
    expect(noCoverage.json<{ errors: Record<string, string> }>().errors).toEqual({
      event_category_ids: 'Choose the sports the pass covers (the teams, for a team pass)',
    });
    const foreignSport = await send('POST', '/api/admin/passes', pass([2147483646]));
    expect(foreignSport.statusCode).toBe(400);
    expect(foreignSport.json<{ errors: Record<string, string> }>().errors).toEqual({
      event_category_ids: 'Unknown sport',
    });

    const badPlan = await send('POST', '/api/admin/plans', {
      ...plan,
      period: 'weekly',
      trial_period_days: 400,
    });
    expect(badPlan.statusCode).toBe(400);
    expect(badPlan.json<{ errors: Record<string, string> }>().errors).toMatchObject({
      trial_period_days: 'Trial must be a whole number of days from 0 to 365',
    });

    const badCode = await send('POST', '/api/admin/promo-codes', {
      ...promo,
      code: 'no spaces!',
      percent_off: null,
      expires_at: 'tomorrow',
    });
    expect(badCode.json<{ errors: Record<string, string> }>().errors).toMatchObject({
      code: 'Use 2 to 64 letters, digits, - or _',
      expires_at: 'Use a date and time',
    });
    const noPercent = await send('POST', '/api/admin/promo-codes', { ...promo, percent_off: null });
    expect(noPercent.json<{ errors: Record<string, string> }>().errors).toEqual({
      percent_off: 'Percent off must be a whole number from 1 to 100',
    });
    const taken = await send('POST', '/api/admin/promo-codes', { ...promo, code: 'welcome10' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json<{ errors: Record<string, string> }>().errors).toEqual({
      code: 'This code already exists',
    });

    const badPreroll = await send('POST', '/api/admin/prerolls', {
      ...preroll,
      url: 'javascript:alert(1)',
      weight: 0,
      for_live: false,
      for_vod: false,
    });
    expect(badPreroll.json<{ errors: Record<string, string> }>().errors).toMatchObject({
      url: 'Use an https address or a /media/ path',
      weight: 'Weight must be a whole number from 1 to 1000',
    });
    const traversal = await send('POST', '/api/admin/prerolls', {
      ...preroll,
      url: '/media/../secret.mp4',
    });
    expect(traversal.statusCode).toBe(400);
    expect((await audit('pass')).length).toBe(before);
  });

  // Issue 30, item 3: a cross-field rule ran on `false` or `[]` and threw (a 500).
  it('answers a body that is not an object with a 400, on every form with a cross-field rule', async () => {
    const before = (await audit('pass')).length;
    const forms = ['passes', 'plans', 'promo-codes', 'prerolls', 'games', 'slides'];
    for (const form of forms) {
      for (const [method, url] of [
        ['POST', `/api/admin/${form}`],
        ['PATCH', `/api/admin/${form}/1`],
      ] as const) {
        for (const body of ['false', '[]', 'null', '"x"', '1', 'true', '[{}]']) {
          const res = await t.inject({
            method,
            url,
            headers: { 'content-type': 'application/json', 'x-api-key': admin.apiKey },
            payload: body,
          });
          expect(res.statusCode, `${method} ${url} ${body}: ${res.body}`).toBe(400);
          expect(res.json()).toMatchObject({ code: 'validation_failed' });
        }
      }
    }
    expect((await audit('pass')).length).toBe(before);
  });
});

describe('passes and plans', () => {
  it('creates, edits and switches off a pass; viewers see each change at once; sold ones stay', async () => {
    const sport = await sportId();
    const created = await send('POST', '/api/admin/passes', pass([sport]));
    expect(created.statusCode, created.body).toBe(200);
    const playoffs = created.json<AdminPass>();
    expect(playoffs).toMatchObject({
      name_en: 'Playoffs Pass',
      currency: 'CAD',
      event_category_ids: [sport],
      orders: 0,
      holders: 0,
    });
    const listed = async () =>
      (await t.get('/api/packages', { api_key: await t.apiKey() }))
        .json<{ id: number; name: string; price: number; disabled: boolean }[]>()
        .find((p) => p.id === playoffs.id);
    expect(await listed()).toMatchObject({ name: 'Playoffs Pass', price: 30.99, disabled: false });

    const edited = await send('PATCH', `/api/admin/passes/${playoffs.id}`, {
      ...pass([sport]),
      base_price_cents: 3499,
      disabled: true,
    });
    expect(edited.json<AdminPass>()).toMatchObject({ base_price_cents: 3499, disabled: true });
    expect(await listed()).toMatchObject({ price: 35.99, disabled: true });

    const rows = (await audit('pass')).filter((r) => r.entity_id === playoffs.id);
    expect(rows.map((r) => r.action)).toEqual(['update', 'create']);
    expect(rows[0]?.actor).toBe(admin.email);
    expect(rows[0]?.before).toEqual({ base_price_cents: 2999, disabled: false });

    // A never-sold pass can be deleted; the demo's season pass, once bought, cannot.
    const gone = await t.inject({
      method: 'DELETE',
      url: `/api/admin/passes/${playoffs.id}`,
      query: { api_key: admin.apiKey },
    });
    expect(gone.statusCode).toBe(200);
    const season = await k.passId(/Season/);
    const { apiKey } = await k.user();
    await k.buy(apiKey, { package_id: season, card: card(CARDS.ok) });
    await k.advance(2_000);
    const sold = await t.inject({
      method: 'DELETE',
      url: `/api/admin/passes/${season}`,
      query: { api_key: admin.apiKey },
    });
    expect(sold.statusCode).toBe(409);
    expect(sold.json<{ code: string }>().code).toBe('in_use');
    const seasonRow = (await get<{ data: AdminPass[] }>('/api/admin/passes')).data.find(
      (p) => p.id === season,
    );
    expect(seasonRow?.orders).toBeGreaterThan(0);
    expect(seasonRow?.holders).toBeGreaterThan(0);
  });

  it('adds a plan and takes it off sale', async () => {
    const made = (await send('POST', '/api/admin/plans', plan)).json<AdminPlan>();
    expect(made).toMatchObject({ period: 'month', currency: 'CAD', disabled: false });
    const onSale = async () =>
      (await t.get('/api/subscriptions', { api_key: await t.apiKey() }))
        .json<{ id: number }[]>()
        .some((s) => s.id === made.id);
    expect(await onSale()).toBe(true);
    await send('PATCH', `/api/admin/plans/${made.id}`, { ...plan, disabled: true });
    expect(await onSale()).toBe(false);
    expect((await audit('plan')).filter((r) => r.entity_id === made.id)).toHaveLength(2);
    const other = await otherChannelAdmin(t);
    const foreign = await send('PATCH', `/api/admin/plans/${made.id}`, plan, other.apiKey);
    expect(foreign.statusCode).toBe(404);
  });

  it('saves every seeded pass back as the console reads it (inline banners; the basic pass covers nothing)', async () => {
    const passes = (await get<{ data: AdminPass[] }>('/api/admin/passes')).data;
    const basic = passes.find((p) => p.is_basic);
    expect(basic).toMatchObject({ disabled: true, event_category_ids: [], participant_ids: [] });
    expect(basic?.image_url).toMatch(/^data:image\/svg\+xml,/);
    const readOnly = new Set(['id', 'currency', 'orders', 'holders', 'is_basic']);
    for (const p of passes) {
      const input = Object.fromEntries(Object.entries(p).filter(([k]) => !readOnly.has(k)));
      const saved = await send('PATCH', `/api/admin/passes/${p.id}`, input);
      expect(saved.statusCode, `${p.name_en}: ${saved.body}`).toBe(200);
      expect(saved.json<AdminPass>()).toEqual(p);
    }
    // On sale, a pass must cover something again.
    const onSale = await send('PATCH', `/api/admin/passes/${basic?.id}`, {
      ...pass([]),
      disabled: false,
    });
    expect(onSale.json<{ errors: Record<string, string> }>().errors).toEqual({
      event_category_ids: 'Choose the sports the pass covers (the teams, for a team pass)',
    });
  });
});

describe('promo codes', () => {
  it('creates a code buyers can use, counts its uses, keeps the limit above them', async () => {
    const made = (
      await send('POST', '/api/admin/promo-codes', { ...promo, max_redemptions: 1 })
    ).json<AdminPromo>();
    expect(made).toMatchObject({ code: 'PLAYOFF15', redemptions: 0, per_user_limit: 1 });
    const { apiKey } = await k.user();
    const bought = await k.buy(apiKey, {
      package_id: await k.passId(/Season/),
      card: card(CARDS.ok),
      promo_code: 'playoff15',
    });
    expect(bought.order.id).toBeGreaterThan(0);
    const used = (await get<{ data: AdminPromo[] }>('/api/admin/promo-codes')).data.find(
      (p) => p.id === made.id,
    );
    expect(used?.redemptions).toBe(1);

    const raise = await send('PATCH', `/api/admin/promo-codes/${made.id}`, {
      ...promo,
      max_redemptions: 5,
      disabled: true,
    });
    expect(raise.json<AdminPromo>()).toMatchObject({ max_redemptions: 5, disabled: true });
    const coupon = await t.get('/api/apply_coupon', {
      api_key: await t.apiKey(),
      code: 'PLAYOFF15',
    });
    expect(coupon.statusCode).toBe(400);
    const del = await t.inject({
      method: 'DELETE',
      url: `/api/admin/promo-codes/${made.id}`,
      query: { api_key: admin.apiKey },
    });
    expect(del.statusCode).toBe(409);
    expect((await audit('promo_code')).filter((r) => r.entity_id === made.id)).toHaveLength(2);
  });

  it('refuses a limit under the uses so far', async () => {
    const made = (
      await send('POST', '/api/admin/promo-codes', {
        ...promo,
        code: 'LIMITED',
        max_redemptions: 3,
      })
    ).json<AdminPromo>();
    await t.database.db
      .updateTable('promo_codes')
      .set({ redemptions: 2 })
      .where('id', '=', made.id)
      .execute();
    const res = await send('PATCH', `/api/admin/promo-codes/${made.id}`, {
      ...promo,
      code: 'LIMITED',
      max_redemptions: 1,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string> }>().errors).toEqual({
      max_redemptions: 'The limit cannot be below the uses so far',
    });
  });
});

describe('pre-rolls', () => {
  /** The pre-roll a fresh viewer gets before the free VOD game (none suppressed yet). */
  const chosen = async () => {
    const res = await t.get(`/api/events/${gameId}/playback`, { api_key: await t.apiKey() });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Playback>().preroll?.id ?? null;
  };

  it('adds, reweighs and switches off pre-rolls; playback chooses among enabled ones at once', async () => {
    expect(await chosen()).not.toBeNull(); // the pre-roll list is now cached
    const made = (await send('POST', '/api/admin/prerolls', preroll)).json<AdminPreroll>();
    // The demo's two (weights 3 and 1) and this one (4): half of the draws.
    expect(made).toMatchObject({ weight: 4, suppression_minutes: 30, share_percent: 50 });
    const demo = (await get<{ data: AdminPreroll[] }>('/api/admin/prerolls')).data.filter(
      (p) => p.id !== made.id,
    );
    expect(demo.find((p) => p.weight === 3)?.share_percent).toBe(37.5);
    for (const p of demo) {
      const off = await send('PATCH', `/api/admin/prerolls/${p.id}`, {
        url: p.url,
        location_id: p.location_id,
        event_category_ids: p.event_category_ids,
        for_live: p.for_live,
        for_vod: p.for_vod,
        weight: p.weight,
        suppression_minutes: p.suppression_minutes,
        disabled: true,
      });
      expect(off.json<AdminPreroll>()).toMatchObject({ disabled: true, share_percent: 0 });
    }
    for (let i = 0; i < 4; i += 1) expect(await chosen()).toBe(made.id);
    await send('PATCH', `/api/admin/prerolls/${made.id}`, { ...preroll, disabled: true });
    expect(await chosen()).toBeNull();
    const rows = (await audit('preroll')).filter((r) => r.entity_id === made.id);
    expect(rows[0]?.after).toEqual({ disabled: true });
  });
});

describe('orders and refunds', () => {
  it('finds orders by e-mail, id and status, and shows one', async () => {
    const buyer = await k.user({ email: `findme-${Date.now()}@example.test` });
    const bought = await k.buy(buyer.apiKey, {
      package_id: await k.passId(/Season/),
      card: card(CARDS.ok),
    });
    await k.advance(2_000);
    const byEmail = await get<AdminOrdersPage>('/api/admin/orders', { q: 'FINDME-' });
    expect(byEmail.data.map((o) => o.id)).toEqual([bought.order.id]);
    const byId = await get<AdminOrdersPage>('/api/admin/orders', { q: `#${bought.order.id}` });
    expect(byId.data[0]).toMatchObject({ id: bought.order.id, status: 'paid', refundable: true });
    const wildcard = await get<AdminOrdersPage>('/api/admin/orders', { q: '%' });
    expect(wildcard.meta.total).toBe(0);
    const refunded = await get<AdminOrdersPage>('/api/admin/orders', { status: 'refunded' });
    expect(refunded.data.every((o) => o.status === 'refunded')).toBe(true);
    const detail = await get<AdminOrderDetail>(`/api/admin/orders/${bought.order.id}`);
    expect(detail).toMatchObject({
      provider: 'sandbox',
      card: 'visa •••• 4242',
      items: [{ type: 'package', name: expect.stringMatching(/Season/) }],
    });
    const other = await otherChannelAdmin(t);
    const foreign = await t.get(`/api/admin/orders/${bought.order.id}`, { api_key: other.apiKey });
    expect(foreign.statusCode).toBe(404);
    const foreignRefund = await send(
      'POST',
      `/api/admin/orders/${bought.order.id}/refund`,
      {},
      other.apiKey,
    );
    expect(foreignRefund.statusCode).toBe(404);
  });

  it('refunds once through the sandbox however often asked, and the viewer loses access', async () => {
    const buyer = await k.user();
    const bought = await k.buy(buyer.apiKey, {
      package_id: await k.passId(/Season/),
      card: card(CARDS.ok),
    });
    await k.advance(2_000);
    expect((await k.access(buyer.apiKey)).capabilities).toContain('download');

    // A double click: two refunds at once.
    const url = `/api/admin/orders/${bought.order.id}/refund`;
    const [a, b] = await Promise.all([send('POST', url, {}), send('POST', url, {})]);
    for (const res of [a, b]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<AdminOrderDetail>()).toMatchObject({
        status: 'refunded',
        activity_status: 'canceled',
        refundable: false,
      });
    }
    // The sandbox's refund event, handled by the worker, changes nothing more.
    await k.advance(0);
    const again = await send('POST', url, {});
    expect(again.json<AdminOrderDetail>().status).toBe('refunded');

    const payment = await t.database.db
      .selectFrom('sandbox_payments')
      .select(['status', 'metadata', 'amount_cents'])
      .where(
        'id',
        '=',
        (await get<AdminOrderDetail>(`/api/admin/orders/${bought.order.id}`)).provider_ref ?? '',
      )
      .executeTakeFirstOrThrow();
    expect(payment.status).toBe('refunded');
    expect(payment.metadata).toMatchObject({
      refund_ref: expect.stringMatching(/^re_sbx_/),
      refunded_cents: String(payment.amount_cents),
    });
    const rows = (await audit('order')).filter((r) => r.entity_id === bought.order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor: admin.email,
      before: { status: 'paid', activity_status: 'active' },
      after: { status: 'refunded', activity_status: 'canceled' },
    });
    expect((await k.access(buyer.apiKey)).capabilities).toEqual([]);
    expect((await k.order(buyer.apiKey, bought.order.id)).status).toBe('refunded');
  });

  it('refunding a plan ends it and stops its renewals', async () => {
    const buyer = await k.user();
    const bought = await k.buy(
      buyer.apiKey,
      { subscription_id: await k.subscriptionId('annual'), card: card(CARDS.ok) },
      '/api/stripe/buy',
    );
    await k.advance(2_000);
    expect((await k.access(buyer.apiKey)).capabilities).toContain('no_ads');
    const res = await send('POST', `/api/admin/orders/${bought.order.id}/refund`, {});
    expect(res.statusCode, res.body).toBe(200);
    const chain = await t.database.db
      .selectFrom('user_subscriptions')
      .select(['status', 'provider_ref'])
      .where('user_id', '=', buyer.userId)
      .executeTakeFirstOrThrow();
    expect(chain.status).toBe('canceled');
    const sandbox = await t.database.db
      .selectFrom('sandbox_subscriptions')
      .select('cancel_at_period_end')
      .where('id', '=', chain.provider_ref ?? '')
      .executeTakeFirstOrThrow();
    expect(sandbox.cancel_at_period_end).toBe(true);
    expect((await k.access(buyer.apiKey)).capabilities).toEqual([]);
  });

  it('refuses orders with nothing to refund (409) and unknown ones (404)', async () => {
    const buyer = await k.user();
    const declined = await k.buy(buyer.apiKey, {
      package_id: await k.passId(/Season/),
      card: card(CARDS.declined),
    });
    await k.advance(2_000);
    expect((await k.order(buyer.apiKey, declined.order.id)).status).toBe('failed');
    const res = await send('POST', `/api/admin/orders/${declined.order.id}/refund`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json<{ code: string }>().code).toBe('not_refundable');
    const missing = await send('POST', '/api/admin/orders/2147483647/refund', {});
    expect(missing.statusCode).toBe(404);
    const badId = await send('POST', '/api/admin/orders/abc/refund', {});
    expect(badId.statusCode).toBe(400);
  });
});
