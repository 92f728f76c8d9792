import { ORDER_POLLING_MS, type Order } from '@rudy/contracts';
import { delay } from '../../../lib/delay';

/** The order ended failed (declined card, refused second step): the failure popup shows. */
export class OrderFailedError extends Error {
  readonly order: Order;
  /** Spec: a failed order rejects "with a popup flag". */
  readonly popup = true;

  constructor(order: Order) {
    super(order.failure_message ?? 'Order failed');
    this.name = 'OrderFailedError';
    this.order = order;
  }
}

export const isOrderFailed = (error: unknown): error is OrderFailedError =>
  error instanceof OrderFailedError;

/**
 * Spec section 4: every 2 s, ask for the order until it is settled. Resolves on paid; rejects with
 * OrderFailedError on failed, or with the call's own error when a call fails (no retry: the outcome
 * screen offers to check again). The spec leaves `refunded` open; it ends the poll like failed (with
 * the popup): the payment was returned, so the product was not bought, and polling on would never
 * end (docs/decisions.md, "Order polling").
 */
export async function pollOrder(
  fetchOrder: (id: number, signal?: AbortSignal) => Promise<Order>,
  orderId: number,
  { intervalMs = ORDER_POLLING_MS, signal }: { intervalMs?: number; signal?: AbortSignal } = {},
): Promise<Order> {
  for (;;) {
    await delay(intervalMs, signal);
    const order = await fetchOrder(orderId, signal);
    if (order.status === 'paid') return order;
    if (order.status === 'failed' || order.status === 'refunded') {
      throw new OrderFailedError(order);
    }
  }
}
