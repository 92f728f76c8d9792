import { USER_TEXTS, type Locale, type Order } from '@rudy/contracts';
import { pickText } from '../../../lib/i18n-text.js';
import type { OrderRow, OrdersRepository } from './orders.repository.js';
import { units } from '../pricing.js';
import type { ProductsRepository } from '../products/products.repository.js';
import type { PromoRepository } from '../promo/promo.repository.js';
import { FAILURE_MESSAGES } from '../providers/sandbox-cards.js';
import type { UserSubscriptionsRepository } from './user-subscriptions.repository.js';

/** The spec's labels: Refunded, Inactive (not paid), Active (in force), Paid (paid, over). */
export function orderLabel(o: OrderRow, now: Date): Order['label'] {
  if (o.status === 'refunded') return 'Refunded';
  if (o.status !== 'paid') return 'Inactive';
  const inForce = o.activity_status === 'active' && (!o.period_end || o.period_end > now);
  return inForce ? 'Active' : 'Paid';
}

const KIND_LABELS = {
  purchase: null,
  new_subscription: 'New subscription',
  subscription_renewal: 'Subscription Renewal',
} as const;

function subscriptionStatus(status: string | undefined): Order['subscription_status'] {
  if (status === undefined) return null;
  if (status === 'incomplete') return 'inactive';
  if (status === 'canceled' || status === 'expired') return status;
  return 'active';
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** Orders as the client shows them, with product names, items and labels, in few queries. */
export function createOrderViews(deps: {
  orders: OrdersRepository;
  products: ProductsRepository;
  promo: PromoRepository;
  subs: UserSubscriptionsRepository;
  now: () => Date;
}) {
  return async function views(channelId: number, rows: OrderRow[], l: Locale): Promise<Order[]> {
    const items = await deps.orders.items(rows.map((o) => o.id));
    const ids = (t: 'package' | 'subscription') => [
      ...new Set(items.filter((i) => i.product_type === t).map((i) => i.product_id)),
    ];
    const promoIds = [...new Set(rows.flatMap((o) => (o.promo_code_id ? [o.promo_code_id] : [])))];
    const [pkgs, subs, promos, chains] = await Promise.all([
      deps.products.packagesByIds(channelId, ids('package')),
      deps.products.subscriptionsByIds(channelId, ids('subscription')),
      Promise.all(promoIds.map((id) => deps.promo.byId(id))),
      deps.subs.statuses(
        rows.flatMap((o) => (o.user_subscription_id ? [o.user_subscription_id] : [])),
      ),
    ]);
    const events = await deps.products.eventsByIds(
      channelId,
      pkgs.flatMap((p) => (p.event_id ? [p.event_id] : [])),
    );
    const pkgById = new Map(pkgs.map((p) => [p.id, p]));
    const subById = new Map(subs.map((s) => [s.id, s]));
    const eventById = new Map(events.map((e) => [e.id, e]));
    const codeById = new Map(promos.flatMap((p) => (p ? [[p.id, p.code] as const] : [])));
    const chainById = new Map(chains.map((c) => [c.id, c]));
    const now = deps.now();
    /** The chain's free trial, while it runs. */
    const trialEnd = (chainId: number | null, at: Date) => {
      const chain = chainId === null ? undefined : chainById.get(chainId);
      return chain?.status === 'trialing' && chain.trial_end && chain.trial_end > at
        ? iso(chain.trial_end)
        : null;
    };

    const productOf = (type: 'package' | 'subscription', id: number): Order['product'] => {
      if (type === 'subscription') {
        const s = subById.get(id);
        const name = s ? pickText(s.name, l) : `#${id}`;
        return { id, type, name, event_id: null, event_category_id: null, participant_id: null };
      }
      const p = pkgById.get(id);
      const event = p?.event_id ? eventById.get(p.event_id) : undefined;
      return {
        id,
        type,
        name: p ? pickText(p.name, l) : `#${id}`,
        event_id: p?.event_id ?? null,
        event_category_id: event?.event_category_id ?? p?.event_category_ids?.[0] ?? null,
        participant_id: event?.home_participant_id ?? p?.participant_ids?.[0] ?? null,
      };
    };

    return rows.map((o): Order => {
      const own = items.filter((i) => i.order_id === o.id);
      const main = own.find((i) => i.item_type !== 'additional') ?? own[0];
      const product = main
        ? productOf(main.product_type, main.product_id)
        : productOf(o.type === 'subscription' ? 'subscription' : 'package', o.product_id);
      return {
        id: o.id,
        type: o.type,
        kind: o.kind,
        kind_label: KIND_LABELS[o.kind],
        status: o.status,
        activity_status: o.activity_status,
        label: orderLabel(o, now),
        renewal: o.renewal,
        amount: units(o.amount_cents),
        amount_cents: o.amount_cents,
        discount: units(o.discount_cents),
        currency: o.currency,
        promo_code: o.promo_code_id ? (codeById.get(o.promo_code_id) ?? null) : null,
        product,
        items: own.map((i) => ({
          type: i.item_type,
          product_id: i.product_id,
          name: productOf(i.product_type, i.product_id).name,
          amount: units(i.amount_cents),
        })),
        card: o.card_brand && o.card_last4 ? { brand: o.card_brand, last4: o.card_last4 } : null,
        failure_code: o.status === 'failed' ? (o.failure_code ?? null) : null,
        failure_message:
          o.status === 'failed'
            ? (FAILURE_MESSAGES[o.failure_code ?? ''] ?? USER_TEXTS.generic)
            : null,
        provider: o.provider === 'stripe' ? 'stripe' : 'sandbox',
        period_start: iso(o.period_start),
        period_end: iso(o.period_end),
        subscription_status: o.user_subscription_id
          ? subscriptionStatus(chainById.get(o.user_subscription_id)?.status)
          : null,
        trial_ends_at: trialEnd(o.user_subscription_id, now),
        created_at: new Date(o.created_at).toISOString(),
        updated_at: new Date(o.updated_at).toISOString(),
      };
    });
  };
}
export type OrderViews = ReturnType<typeof createOrderViews>;
