import type { Locale, OrdersQuery, UnsubscribeBody } from '@rudy/contracts';
import { HttpError, notFound } from '../../../lib/http-error.js';
import type { Fulfilment } from './fulfilment.service.js';
import type { OrderViews } from './order-view.js';
import type { OrdersRepository } from './orders.repository.js';
import type { PaymentProvider } from '../providers/provider.js';
import type { UserSubscriptionsRepository } from './user-subscriptions.repository.js';
import type { SignedInCaller as Caller } from '../../../lib/caller.js';

const yes = (v: string | undefined) => v === '1' || v === 'true';

/** The buyer's orders, one order (polled while paying), and turning auto-renewal off. */
export function createOrdersService(deps: {
  orders: OrdersRepository;
  subs: UserSubscriptionsRepository;
  fulfilment: Fulfilment;
  provider: PaymentProvider;
  views: OrderViews;
  now: () => Date;
}) {
  const { orders, views } = deps;

  async function owned(caller: Caller, id: number) {
    const order = await orders.forUser(caller.channelId, caller.userId, id);
    // Another user's order is answered like a missing one: its existence is not disclosed.
    if (!order) throw notFound('Order not found');
    return order;
  }

  return {
    /** `no_limit=1` unless a limit is given (spec): without a limit every order is one page. */
    async list(caller: Caller, l: Locale, q: OrdersQuery) {
      const limit = q.limit ?? null;
      const offset = q.offset ?? 0;
      const [rows, count] = await orders.list(caller.channelId, caller.userId, {
        limit,
        offset,
        activeAt: yes(q.active) ? deps.now() : null,
        type: q.type,
      });
      const total = Number(count.n);
      return {
        data: await views(caller.channelId, rows, l),
        meta: { total, offset, limit: limit ?? total },
      };
    },

    /** While an order is still 'created' each poll asks the provider, so polling settles it. */
    async get(caller: Caller, l: Locale, rawId: string) {
      const id = Number(rawId);
      if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) {
        throw new HttpError(400, 'id_not_selected');
      }
      const order = await deps.fulfilment.sync(await owned(caller, id));
      const [view] = await views(caller.channelId, [order], l);
      if (!view) throw notFound('Order not found');
      return view;
    },

    /** Auto-renewal off: the provider stops renewing; access lasts to the end of the period. */
    async unsubscribe(caller: Caller, l: Locale, body: UnsubscribeBody) {
      if (body.order_id === undefined) throw new HttpError(400, 'id_not_selected');
      const order = await owned(caller, body.order_id);
      const chain = order.user_subscription_id
        ? await deps.subs.byId(order.user_subscription_id)
        : null;
      if (!chain || !['trialing', 'active', 'past_due'].includes(chain.status)) {
        throw new HttpError(
          400,
          'order_not_cancellable',
          'This order has no auto-renewal to cancel',
        );
      }
      if (chain.renewal === 'active') {
        if (chain.provider_ref) await deps.provider.cancelAtPeriodEnd(chain.provider_ref);
        await deps.fulfilment.setRenewal(chain.id, 'cancelled');
      }
      const fresh = (await orders.byId(order.id)) ?? order;
      const [view] = await views(caller.channelId, [fresh], l);
      if (!view) throw notFound('Order not found');
      return { status: 'success' as const, order: view };
    },

    /**
     * Auto-renewal back on, while the period runs: the provider renews again at its end. Asking
     * twice (a double click) changes nothing the second time and answers the same.
     */
    async resume(caller: Caller, l: Locale, body: UnsubscribeBody) {
      if (body.order_id === undefined) throw new HttpError(400, 'id_not_selected');
      const order = await owned(caller, body.order_id);
      const chain = order.user_subscription_id
        ? await deps.subs.byId(order.user_subscription_id)
        : null;
      const notResumable = () =>
        new HttpError(400, 'order_not_resumable', 'This subscription has ended: buy it again');
      if (!chain || !['trialing', 'active', 'past_due'].includes(chain.status)) {
        throw notResumable();
      }
      if (chain.renewal === 'cancelled') {
        if (chain.provider_ref && !(await deps.provider.resumeRenewal(chain.provider_ref))) {
          throw notResumable();
        }
        await deps.fulfilment.setRenewal(chain.id, 'active');
      }
      const fresh = (await orders.byId(order.id)) ?? order;
      const [view] = await views(caller.channelId, [fresh], l);
      if (!view) throw notFound('Order not found');
      return { status: 'success' as const, order: view };
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
