import { stringify } from 'csv-stringify/sync';
import {
  REVENUE_CSV_COLUMNS,
  type AdminRevenue,
  type AdminRevenueQuery,
  type Locale,
} from '@rudy/contracts';
import type { DB } from '../../../db/database.js';
import { pickText } from '../../../lib/i18n-text.js';
import { nextDay, zonedDayStart } from '../../../lib/zoned-day.js';
import type { PaymentProvider } from '../../commerce/providers/provider.js';
import { createRevenueRepository, type RevenueRange } from './revenue.repository.js';

const net = <T extends { gross_cents: number; refund_cents: number }>(row: T) => ({
  ...row,
  net_cents: row.gross_cents - row.refund_cents,
});

/**
 * The console's revenue: by period, product and game, from the orders table; Stripe's charges,
 * fees and payouts from its balance transactions. A Stripe account's payouts are the whole
 * account's, so they are shown only where the deployment serves one channel: another channel's
 * takings never reach this one's admins.
 */
export function createRevenueAdmin(deps: {
  db: DB;
  provider: Pick<PaymentProvider, 'name' | 'balance'>;
  timeZone: (channelId: number) => Promise<string>;
}) {
  const repo = createRevenueRepository(deps.db);
  const rangeOf = async (channelId: number, q: AdminRevenueQuery): Promise<RevenueRange> => ({
    channelId,
    from: q.from,
    to: q.to,
    timeZone: (await deps.timeZone(channelId)) || 'UTC',
  });

  async function payouts(r: RevenueRange): Promise<AdminRevenue['payouts']> {
    const none = { charges_cents: 0, stripe_fee_cents: 0, refunds_cents: 0, payouts: [] };
    if (deps.provider.name === 'sandbox') return { available: false, reason: 'sandbox', ...none };
    if ((await repo.channelCount()) > 1) {
      return { available: false, reason: 'shared_account', ...none };
    }
    const b = await deps.provider.balance(
      zonedDayStart(r.from, r.timeZone),
      zonedDayStart(nextDay(r.to), r.timeZone),
    );
    if (!b) return { available: false, reason: 'sandbox', ...none };
    return {
      available: true,
      reason: null,
      charges_cents: b.chargesCents,
      stripe_fee_cents: b.feeCents,
      refunds_cents: b.refundsCents,
      payouts: b.payouts.map((p) => ({
        id: p.id,
        amount_cents: p.amountCents,
        currency: p.currency,
        status: p.status,
        arrival_date: p.arrival.toISOString(),
      })),
    };
  }

  return {
    async report(channelId: number, q: AdminRevenueQuery, l: Locale): Promise<AdminRevenue> {
      const r = await rangeOf(channelId, q);
      const [periods, products, games, stripe] = await Promise.all([
        repo.byPeriod(r, q.group),
        repo.byProduct(r),
        repo.byGame(r),
        payouts(r),
      ]);
      const totals = new Map<string, AdminRevenue['totals'][number]>();
      for (const p of periods) {
        const t = totals.get(p.currency) ?? {
          currency: p.currency,
          orders: 0,
          gross_cents: 0,
          fee_cents: 0,
          discount_cents: 0,
          refund_cents: 0,
          net_cents: 0,
        };
        // An order lies in one period only, so the periods' counts add up.
        t.orders += p.orders;
        t.gross_cents += p.gross_cents;
        t.fee_cents += p.fee_cents;
        t.discount_cents += p.discount_cents;
        t.refund_cents += p.refund_cents;
        t.net_cents = t.gross_cents - t.refund_cents;
        totals.set(p.currency, t);
      }
      return {
        from: q.from,
        to: q.to,
        group: q.group,
        time_zone: r.timeZone,
        totals: [...totals.values()],
        by_period: periods.map(net),
        by_product: products.map((p) =>
          net({ ...p, name: pickText(p.name, l) || `#${p.product_id}` }),
        ),
        by_game: games.map((g) =>
          net({ ...g, name: pickText(g.name, l), starts_at: new Date(g.starts_at).toISOString() }),
        ),
        payouts: stripe,
      };
    },

    /** One row per order line; the lines of a range add up to its orders (a test checks it). */
    async csv(channelId: number, q: AdminRevenueQuery, l: Locale): Promise<string> {
      const rows = await repo.lines(await rangeOf(channelId, q));
      return stringify(
        rows.map((row) => [
          row.order_id,
          new Date(row.created_at).toISOString(),
          row.day,
          row.status,
          row.kind,
          row.product_type,
          row.product_id,
          pickText(row.product_name, l),
          row.event_id ?? '',
          row.event_name ? pickText(row.event_name, l) : '',
          row.currency,
          row.amount_cents,
          row.fee_cents,
          row.discount_cents,
          row.refund_cents,
          row.amount_cents - row.refund_cents,
        ]),
        // Names are typed by admins: a cell starting with = + - @ is not run as a formula.
        { header: true, columns: [...REVENUE_CSV_COLUMNS], escape_formulas: true, bom: true },
      );
    },
  };
}
export type RevenueAdmin = ReturnType<typeof createRevenueAdmin>;
