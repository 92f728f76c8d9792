import { sql, type RawBuilder } from 'kysely';
import type { DB } from '../../../db/database.js';
import type { I18nText } from '../../../db/schema.js';

export interface RevenueRange {
  channelId: number;
  /** First and last day included, in `timeZone`. */
  from: string;
  to: string;
  timeZone: string;
}

interface Sums {
  currency: 'USD' | 'CAD';
  orders: number;
  gross_cents: number;
  fee_cents: number;
  refund_cents: number;
}

/**
 * The channel's paid order lines of a range: an order without lines (older rows, back-office
 * inserts) counts as one line of its own product, as access does (orders.repository). The order's
 * discount is carried by its first line only, so the lines add up to the order.
 */
function lines(r: RevenueRange): RawBuilder<unknown> {
  return sql`
    select o.id as order_id, o.created_at, o.status, o.kind, o.currency,
      (o.created_at at time zone ${r.timeZone})::date as day,
      coalesce(i.amount_cents, o.amount_cents) as amount_cents,
      coalesce(i.fee_cents, 0) as fee_cents,
      case when row_number() over (partition by o.id order by i.id) = 1
        then o.discount_cents else 0 end as discount_cents,
      case when o.status = 'refunded' then coalesce(i.amount_cents, o.amount_cents) else 0 end
        as refund_cents,
      coalesce(i.product_type,
        case when o.type = 'subscription' then 'subscription' else 'package' end) as product_type,
      coalesce(i.product_id, o.product_id) as product_id
    from orders o
    left join order_items i on i.order_id = o.id
    where o.channel_id = ${r.channelId} and o.status in ('paid', 'refunded')
      and o.created_at >= (${r.from}::date)::timestamp at time zone ${r.timeZone}
      and o.created_at < (${r.to}::date + 1)::timestamp at time zone ${r.timeZone}`;
}

const SUMS = sql`l.currency, count(distinct l.order_id)::int as orders,
  sum(l.amount_cents)::int as gross_cents, sum(l.fee_cents)::int as fee_cents,
  sum(l.refund_cents)::int as refund_cents`;

/** SQL only: the revenue of one channel, summed in PostgreSQL. */
export function createRevenueRepository(db: DB) {
  return {
    async byPeriod(r: RevenueRange, group: 'day' | 'week' | 'month') {
      const { rows } = await sql<Sums & { period: string; discount_cents: number }>`
        select to_char(date_trunc(${group}, l.day), 'YYYY-MM-DD') as period, ${SUMS},
          sum(l.discount_cents)::int as discount_cents
        from (${lines(r)}) l
        group by 1, l.currency order by 1, l.currency`.execute(db);
      return rows;
    },

    async byProduct(r: RevenueRange) {
      const { rows } = await sql<
        Sums & { product_type: 'package' | 'subscription'; product_id: number; name: I18nText }
      >`
        select l.product_type, l.product_id, coalesce(p.name, s.name, '{}'::jsonb) as name, ${SUMS}
        from (${lines(r)}) l
        left join packages p on l.product_type = 'package' and p.id = l.product_id
        left join subscriptions s on l.product_type = 'subscription' and s.id = l.product_id
        group by l.product_type, l.product_id, p.name, s.name, l.currency
        order by gross_cents desc, l.product_id`.execute(db);
      return rows;
    },

    /** Lines that bought one game: a single-event package names its game. */
    async byGame(r: RevenueRange) {
      const { rows } = await sql<Sums & { event_id: number; name: I18nText; starts_at: Date }>`
        select e.id as event_id, e.name, e.event_utc_ts as starts_at, ${SUMS}
        from (${lines(r)}) l
        join packages p on l.product_type = 'package' and p.id = l.product_id
        join events e on e.id = p.event_id and e.channel_id = ${r.channelId}
        group by e.id, e.name, e.event_utc_ts, l.currency
        order by gross_cents desc, e.id`.execute(db);
      return rows;
    },

    /** Every line, for the CSV export. */
    async lines(r: RevenueRange) {
      const { rows } = await sql<{
        order_id: number;
        created_at: Date;
        day: string;
        status: string;
        kind: string;
        currency: string;
        amount_cents: number;
        fee_cents: number;
        discount_cents: number;
        refund_cents: number;
        product_type: string;
        product_id: number;
        product_name: I18nText;
        event_id: number | null;
        event_name: I18nText | null;
      }>`
        select l.order_id, l.created_at, to_char(l.day, 'YYYY-MM-DD') as day, l.status, l.kind,
          l.currency, l.amount_cents, l.fee_cents, l.discount_cents::int, l.refund_cents,
          l.product_type, l.product_id, coalesce(p.name, s.name, '{}'::jsonb) as product_name,
          e.id as event_id, e.name as event_name
        from (${lines(r)}) l
        left join packages p on l.product_type = 'package' and p.id = l.product_id
        left join subscriptions s on l.product_type = 'subscription' and s.id = l.product_id
        left join events e on e.id = p.event_id and e.channel_id = ${r.channelId}
        order by l.created_at, l.order_id`.execute(db);
      return rows;
    },

    /** How many channels this deployment serves (a Stripe account's payouts are all of theirs). */
    async channelCount(): Promise<number> {
      const row = await db
        .selectFrom('channels')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
