import { sql } from 'kysely';
import type { DB } from '../../../db/database.js';
import type { I18nText, SubscriptionsTable } from '../../../db/schema.js';

export interface OrderFacts {
  id: number;
  kind: 'purchase' | 'new_subscription' | 'subscription_renewal';
  amount_cents: number;
  discount_cents: number;
  currency: 'USD' | 'CAD';
  card_brand: string | null;
  card_last4: string | null;
  created_at: Date;
  period_end: Date | null;
  user_subscription_id: number | null;
  items: { name: I18nText; amount_cents: number; fee_cents: number }[];
}

export interface ChainFacts {
  id: number;
  status: string;
  renewal: 'active' | 'cancelled';
  trial_end: Date | null;
  current_period_end: Date | null;
  name: I18nText;
  price_cents: number;
  currency: 'USD' | 'CAD';
  period: SubscriptionsTable['period'];
}

/** SQL only: what a purchase mail says, read when it is sent (always within its channel). */
export function createPurchaseMailFactsRepository(db: DB) {
  return {
    /**
     * An order with its lines and the card that paid it. A renewal is charged to the card of the
     * subscription's first payment, which is where its last four digits were recorded.
     */
    async order(channelId: number, orderId: number): Promise<OrderFacts | undefined> {
      const { rows } = await sql<OrderFacts>`
        select o.id, o.kind, o.amount_cents, o.discount_cents, o.currency, o.created_at,
          o.period_end, o.user_subscription_id,
          coalesce(o.card_brand, c.card_brand) as card_brand,
          coalesce(o.card_last4, c.card_last4) as card_last4,
          coalesce((
            select json_agg(json_build_object(
              'name', coalesce(p.name, s.name, '{}'::jsonb),
              'amount_cents', i.amount_cents, 'fee_cents', i.fee_cents) order by i.id)
            from order_items i
            left join packages p on i.product_type = 'package' and p.id = i.product_id
            left join subscriptions s on i.product_type = 'subscription' and s.id = i.product_id
            where i.order_id = o.id), '[]'::json) as items
        from orders o
        left join lateral (
          select f.card_brand, f.card_last4 from orders f
          where o.user_subscription_id is not null and f.user_subscription_id = o.user_subscription_id
            and f.card_last4 is not null
          order by f.id desc limit 1) c on true
        where o.channel_id = ${channelId} and o.id = ${orderId}`.execute(db);
      return rows[0];
    },

    /** A viewer's subscription with its plan's name and full price (what a renewal charges). */
    async chain(channelId: number, chainId: number): Promise<ChainFacts | undefined> {
      return db
        .selectFrom('user_subscriptions as us')
        .innerJoin('subscriptions as s', 's.id', 'us.subscription_id')
        .select([
          'us.id',
          'us.status',
          'us.renewal',
          'us.trial_end',
          'us.current_period_end',
          's.name',
          sql<number>`s.base_price_cents + s.service_fee_cents`.as('price_cents'),
          's.currency',
          's.period',
        ])
        .where('us.channel_id', '=', channelId)
        .where('us.id', '=', chainId)
        .executeTakeFirst();
    },
  };
}
