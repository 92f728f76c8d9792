import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRevenue } from '@rudy/contracts';
import { sql } from 'kysely';
import type { TestContext } from '../../../test/test-app.js';
import {
  CARDS,
  card,
  commerceApp,
  kit,
  SETUP_TIMEOUT_MS,
} from '../../../test/commerce-test-kit.js';
import { expectAdminOnly, otherChannelAdmin, type Admin } from '../../../test/admin-test-kit.js';
import { adminUser } from '../../../test/test-users.js';
import { parseCsv } from '../games-import/csv.js';

/*
 * Revenue from real orders (sandbox purchases, a renewal, a refund): the report's sums and the CSV
 * export are checked against the orders table itself.
 */

let t: TestContext;
let k: ReturnType<typeof kit>;
let admin: Admin;
const DAY = 86_400_000;
const range = { from: '2025-12-01', to: '2028-06-01' };

beforeAll(async () => {
  const app = await commerceApp();
  t = app.t;
  k = kit(t, app.clock);
  admin = await adminUser(t);
  const buyer = await k.user();
  const other = await k.user();
  const game = await k.paidEvent();
  await k.buy(buyer.apiKey, { package_id: await k.passId(/Season/), card: card(CARDS.ok) });
  await k.buy(buyer.apiKey, {
    event_id: game.eventId,
    card: card(CARDS.ok),
  });
  const refunded = await k.buy(other.apiKey, {
    package_id: await k.passId(/Season/),
    card: card(CARDS.ok),
  });
  await k.buy(other.apiKey, {
    subscription_id: await k.subscriptionId('month'),
    card: card(CARDS.ok),
  });
  // A declined payment is no revenue.
  await k.buy(other.apiKey, { package_id: await k.passId(/Team/), card: card(CARDS.declined) });
  await k.advance(2_000);
  const row = await t.database.db
    .selectFrom('orders')
    .select(['provider_ref', 'amount_cents', 'currency'])
    .where('id', '=', refunded.order.id)
    .executeTakeFirstOrThrow();
  await t.app.commerce.sandbox?.refund({
    ref: row.provider_ref ?? '',
    amountCents: row.amount_cents,
    currency: row.currency,
    idempotencyKey: `test-refund:${refunded.order.id}`,
  });
  await k.advance(0);
  // And the plan renews once.
  await k.advance(30 * DAY);
  await k.advance(2_000);
  // Keys expire after 30 days of the test's clock.
  admin = { ...admin, apiKey: await k.freshKey(admin.userId) };
}, SETUP_TIMEOUT_MS);
afterAll(() => t?.close());

const report = (query: Record<string, string>, apiKey = admin.apiKey) =>
  t.get('/api/admin/revenue', { api_key: apiKey, ...query });

/** The orders table's own sums for the channel: the truth the report must match. */
async function ordersTable(channelId: number) {
  const { rows } = await sql<{ n: number; gross: number; refunds: number; discounts: number }>`
    select count(*)::int as n, coalesce(sum(amount_cents), 0)::int as gross,
      coalesce(sum(amount_cents) filter (where status = 'refunded'), 0)::int as refunds,
      coalesce(sum(discount_cents), 0)::int as discounts
    from orders where channel_id = ${channelId} and status in ('paid', 'refunded')`.execute(
    t.database.db,
  );
  const fees = await sql<{ fees: number }>`
    select coalesce(sum(i.fee_cents), 0)::int as fees from order_items i
    join orders o on o.id = i.order_id
    where o.channel_id = ${channelId} and o.status in ('paid', 'refunded')`.execute(t.database.db);
  const [row] = rows;
  if (!row) throw new Error('no sums');
  return { ...row, fees: fees.rows[0]?.fees ?? 0 };
}

describe('revenue', () => {
  it('sums paid orders by period, product and game, with fees and refunds', async () => {
    const res = await report({ ...range, group: 'month' });
    expect(res.statusCode).toBe(200);
    const body = res.json<AdminRevenue>();
    const truth = await ordersTable(t.demoChannelId);
    expect(truth.n).toBeGreaterThanOrEqual(5);
    expect(truth.refunds).toBeGreaterThan(0);
    expect(truth.fees).toBeGreaterThan(0);
    expect(body.totals).toEqual([
      {
        currency: 'CAD',
        orders: truth.n,
        gross_cents: truth.gross,
        fee_cents: truth.fees,
        discount_cents: truth.discounts,
        refund_cents: truth.refunds,
        net_cents: truth.gross - truth.refunds,
      },
    ]);
    const sum = (rows: { gross_cents: number }[]) => rows.reduce((n, r) => n + r.gross_cents, 0);
    expect(sum(body.by_period)).toBe(truth.gross);
    expect(sum(body.by_product)).toBe(truth.gross);
    expect(body.by_period.length).toBeGreaterThanOrEqual(1);
    expect(body.by_product.map((p) => p.name)).toEqual(
      expect.arrayContaining([expect.stringMatching(/Season/)]),
    );
    const season = body.by_product.find((p) => /Season/.test(p.name));
    expect(season?.refund_cents).toBeGreaterThan(0);
    expect(body.by_game).toHaveLength(1);
    expect(body.by_game[0]?.orders).toBe(1);
    expect(body.payouts).toMatchObject({ available: false, reason: 'sandbox', payouts: [] });
    // By day: the same sums, in more rows.
    const days = (await report({ ...range, group: 'day' })).json<AdminRevenue>();
    expect(sum(days.by_period)).toBe(truth.gross);
    expect(days.by_period.length).toBeGreaterThanOrEqual(2);
  });

  it('exports a CSV whose lines add up to the orders table', async () => {
    const res = await t.get('/api/admin/revenue.csv', { api_key: admin.apiKey, ...range });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="revenue-${range.from}-${range.to}.csv"`,
    );
    const parsed = parseCsv(res.body);
    if (!parsed.ok) throw new Error(`bad CSV at line ${parsed.line}`);
    const [header, ...records] = parsed.records.map((r) => r.cells);
    const col = (name: string) => header?.indexOf(name) ?? -1;
    const total = (name: string) => records.reduce((n, r) => n + Number(r[col(name)]), 0);
    const truth = await ordersTable(t.demoChannelId);
    expect(new Set(records.map((r) => r[col('order_id')])).size).toBe(truth.n);
    expect(total('amount_cents')).toBe(truth.gross);
    expect(total('fee_cents')).toBe(truth.fees);
    expect(total('refund_cents')).toBe(truth.refunds);
    expect(total('discount_cents')).toBe(truth.discounts);
    expect(total('net_cents')).toBe(truth.gross - truth.refunds);
    expect(records.some((r) => r[col('event_id')] !== '')).toBe(true);
  });

  it('keeps a range to its days, and to its channel', async () => {
    const none = (await report({ from: '2020-01-01', to: '2020-01-31' })).json<AdminRevenue>();
    expect(none.totals).toEqual([]);
    expect(none.by_period).toEqual([]);
    // A day that has orders, in the report's own time zone (the test's clock is not today's, so
    // today could have none and make the check below vacuous).
    const days = (await report({ ...range, group: 'day' })).json<AdminRevenue>().by_period;
    const day = days[0]?.period ?? '';
    expect(new Set(days.map((p) => p.period)).size).toBeGreaterThan(1);
    const oneDay = (await report({ from: day, to: day, group: 'day' })).json<AdminRevenue>();
    expect(oneDay.by_period.length).toBeGreaterThan(0);
    expect(oneDay.by_period.every((p) => p.period === day)).toBe(true);
    const stranger = await otherChannelAdmin(t);
    const theirs = (await report(range, stranger.apiKey)).json<AdminRevenue>();
    expect(theirs.totals).toEqual([]);
  });

  it('refuses bad ranges with 400 and non-admins with 401/403', async () => {
    const backwards = await report({ from: '2026-02-01', to: '2026-01-01' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({
      errors: { to: 'The start date must be on or before the end date' },
    });
    expect((await report({ from: '2020-01-01', to: '2026-01-01' })).statusCode).toBe(400);
    expect((await report({ from: '2026-02-30', to: '2026-03-01' })).statusCode).toBe(400);
    expect((await report({ from: '2026-01-01\u0000', to: '2026-03-01' })).statusCode).toBe(400);
    expect((await report({ to: '2026-03-01' })).statusCode).toBe(400);
    expect((await report({ ...range, group: 'year' })).statusCode).toBe(400);
    await expectAdminOnly(t, [
      (apiKey) => t.get('/api/admin/revenue', { api_key: apiKey, ...range }),
      (apiKey) => t.get('/api/admin/revenue.csv', { api_key: apiKey, ...range }),
    ]);
  });
});
