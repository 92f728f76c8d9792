import type { FastifyBaseLogger } from 'fastify';
import type { Fulfilment } from './fulfilment.service.js';
import type { OrdersRepository } from './orders.repository.js';
import type { PaymentProvider } from './providers/provider.js';

const BATCH = 100;
const MAX_EVENT_BATCHES = 20;

export interface CommerceJobs {
  /** One pass of everything; tests drive the jobs with it. */
  runOnce(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * The commerce runner, one tick every `intervalMs`: the provider's own work (sandbox settlements
 * and renewals), delivery of its events, reconciliation of orders left 'created' (a payment
 * confirmed while this server was down), and closing periods that ended. Each step is a
 * conditional update, so several processes may run it side by side.
 */
export function createCommerceJobs(deps: {
  provider: PaymentProvider;
  fulfilment: Fulfilment;
  orders: OrdersRepository;
  now: () => Date;
  intervalMs: number;
  reconcileAfterMs: number;
  log: FastifyBaseLogger;
}): CommerceJobs {
  const { provider, fulfilment, orders, log } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  async function deliverEvents() {
    for (let i = 0; i < MAX_EVENT_BATCHES; i++) {
      const events = await provider.pendingEvents();
      if (events.length === 0) return;
      for (const event of events) {
        await fulfilment.handle(event);
        await provider.ackEvent(event.id);
      }
    }
  }

  async function reconcile() {
    const before = new Date(deps.now().getTime() - deps.reconcileAfterMs);
    for (const order of await orders.staleCreated(before, BATCH)) {
      try {
        await fulfilment.sync(order);
      } catch (error) {
        // One provider error must not hold up the rest; the order is tried again next tick.
        log.warn({ err: error, orderId: order.id }, 'order reconciliation failed');
      }
    }
  }

  const jobs: CommerceJobs = {
    async runOnce() {
      await provider.tick(deps.now());
      await deliverEvents();
      await reconcile();
      await orders.closeEnded(deps.now());
    },
    start() {
      if (timer || deps.intervalMs <= 0) return;
      timer = setInterval(() => {
        if (running) return;
        running = jobs
          .runOnce()
          .catch((error: unknown) => log.error({ err: error }, 'commerce jobs failed'))
          .finally(() => {
            running = undefined;
          });
      }, deps.intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
  return jobs;
}
