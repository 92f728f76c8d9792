import type { AdminOrder, AdminOrderDetail, AdminOrdersPage } from '@rudy/contracts';
import type { DB } from '../../../db/database.js';
import { HttpError, notFound } from '../../../lib/http-error.js';
import { pickText } from '../../../lib/i18n-text.js';
import type { Fulfilment } from '../../commerce/orders/fulfilment.service.js';
import { RefundRefused, type PaymentProvider } from '../../commerce/providers/provider.js';
import type { AdminCaller } from '../admin-access.js';
import type { AdminChanges } from '../admin-changes.js';
import {
  createOrdersAdminRepository,
  type AdminOrderRow,
  type OrdersFilter,
} from './orders-admin.repository.js';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const productType = (o: { type: string }) =>
  o.type === 'subscription' ? ('subscription' as const) : ('package' as const);

/** A repeated refund found the first one done: nothing to change, nothing to audit. */
class RefundedAlready extends Error {}

/** The part of an order the refund's audit row compares. */
const auditedState = (o: AdminOrderRow) => ({
  status: o.status,
  activity_status: o.activity_status,
  amount_cents: o.amount_cents,
  currency: o.currency,
  provider_ref: o.provider_ref,
});

/**
 * The console's orders: search by buyer e-mail, order id or status, one order's detail, and the
 * refund. A refund goes through the payment provider in use (always the whole amount the order
 * charged, never more, under a key named by the order so a repeat is the same refund), then the
 * order is marked refunded by the shop's own rule (access it granted ends; a plan stops renewing)
 * in one audited change. A double click refunds once and writes one audit row.
 */
export function createOrdersAdminService(deps: {
  db: DB;
  changes: AdminChanges;
  provider: PaymentProvider;
  fulfilment: Fulfilment;
}) {
  const { provider } = deps;
  const reads = createOrdersAdminRepository(deps.db);

  const refundable = (o: AdminOrderRow) =>
    o.status === 'paid' && o.amount_cents > 0 && o.provider === provider.name && !!o.provider_ref;

  async function names(channelId: number, rows: AdminOrderRow[]) {
    const map = await reads.productNames(
      channelId,
      rows.map((o) => ({ type: productType(o), id: o.product_id })),
    );
    return (type: 'package' | 'subscription', id: number) => {
      const name = map[type].get(id);
      return name ? pickText(name, 'en') : `#${id}`;
    };
  }

  const toOrder = (o: AdminOrderRow, name: string): AdminOrder => ({
    id: o.id,
    created_at: new Date(o.created_at).toISOString(),
    email: o.email,
    user_id: o.user_id,
    type: o.type,
    kind: o.kind,
    product_name: name,
    status: o.status,
    activity_status: o.activity_status,
    amount_cents: o.amount_cents,
    currency: o.currency,
    refundable: refundable(o),
  });

  async function detail(channelId: number, id: number): Promise<AdminOrderDetail> {
    const o = await reads.byId(channelId, id);
    if (!o) throw notFound('Order not found');
    const items = await reads.items(o.id);
    const name = await names(channelId, [
      o,
      ...items.map((i) => ({ ...o, type: i.product_type, product_id: i.product_id })),
    ]);
    return {
      ...toOrder(o, name(productType(o), o.product_id)),
      updated_at: new Date(o.updated_at).toISOString(),
      items: items.map((i) => ({
        type: i.item_type,
        product_id: i.product_id,
        name: name(i.product_type, i.product_id),
        amount_cents: i.amount_cents,
      })),
      discount_cents: o.discount_cents,
      promo_code: o.promo_code,
      provider: o.provider,
      provider_ref: o.provider_ref,
      card: o.card_brand && o.card_last4 ? `${o.card_brand} •••• ${o.card_last4}` : null,
      failure_code: o.failure_code,
      period_start: iso(o.period_start),
      period_end: iso(o.period_end),
      renewal: o.renewal,
    };
  }

  /** The order marked refunded with its audit row, once, under the channel's change lock. */
  async function record(caller: AdminCaller, paid: AdminOrderRow) {
    try {
      return await deps.changes.apply(caller, async (trx, audit) => {
        const repo = createOrdersAdminRepository(trx);
        if (await repo.refundAudited(caller.channelId, paid.id)) throw new RefundedAlready();
        // The provider's own refund event may have got here first: then nothing is left to do
        // but the audit row, which says who asked for it.
        const cancel = await deps.fulfilment.refundedIn(trx, paid.provider_ref ?? '');
        const after = await repo.byId(caller.channelId, paid.id);
        await audit({
          action: 'update',
          entity: 'order',
          entityId: paid.id,
          before: auditedState(paid),
          after: after ? auditedState(after) : null,
        });
        return cancel;
      });
    } catch (error) {
      if (error instanceof RefundedAlready) return null;
      throw error;
    }
  }

  return {
    async page(channelId: number, f: OrdersFilter): Promise<AdminOrdersPage> {
      const { rows, total } = await reads.page(channelId, f);
      const name = await names(channelId, rows);
      return {
        data: rows.map((o) => toOrder(o, name(productType(o), o.product_id))),
        meta: { total, offset: f.offset, limit: f.limit },
      };
    },
    detail,

    async refund(caller: AdminCaller, id: number): Promise<AdminOrderDetail> {
      const order = await reads.byId(caller.channelId, id);
      if (!order) throw notFound('Order not found');
      if (order.status === 'refunded') return detail(caller.channelId, id);
      if (!refundable(order)) {
        throw new HttpError(
          409,
          'not_refundable',
          'Only a paid order that charged something, through the payment provider in use, can be refunded',
        );
      }
      try {
        await provider.refund({
          ref: order.provider_ref ?? '',
          amountCents: order.amount_cents,
          currency: order.currency,
          idempotencyKey: `admin-refund:${order.channel_id}:${order.id}`,
        });
      } catch (error) {
        if (error instanceof RefundRefused)
          throw new HttpError(409, 'not_refundable', error.message);
        const failed = new HttpError(
          502,
          'refund_failed',
          'The payment provider did not answer; try again',
        );
        failed.cause = error;
        throw failed;
      }
      const cancel = await record(caller, order);
      // A refunded plan renews no more; told to the provider once the refund is recorded.
      if (cancel) await provider.cancelAtPeriodEnd(cancel).catch(() => undefined);
      return detail(caller.channelId, id);
    },
  };
}
