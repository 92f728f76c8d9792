import type { Config } from '../../config.js';
import type { DB } from '../../db/database.js';
import type { JobRunner, WorkerLog } from '../../jobs/job-runner.js';
import { recurringQueueOptions, registerRecurringJob } from '../../jobs/recurring-job.js';
import type PgBoss from 'pg-boss';
import { createCommerceCore } from './commerce-core.js';
import type { Fulfilment } from './orders/fulfilment.service.js';
import type { OrdersRepository } from './orders/orders.repository.js';
import type { PaymentProvider } from './providers/provider.js';

const BATCH = 100;
const MAX_EVENT_BATCHES = 20;

/** One pass of the commerce runner; each pass queues the next. */
export const COMMERCE_TICK_QUEUE = 'commerce.tick';

/** A pass left unfinished this long (its worker died) is retried. */
export const COMMERCE_QUEUE_OPTIONS: Record<
  string,
  Omit<PgBoss.Queue, 'name'>
> = recurringQueueOptions(COMMERCE_TICK_QUEUE, 120);

export interface CommerceJobs {
  /** One pass of everything; the worker's job and the tests both call it. */
  runOnce(): Promise<void>;
}

/**
 * The commerce runner's pass: the provider's own work (sandbox settlements and renewals),
 * delivery of its events, reconciliation of orders left 'created' (a payment confirmed while no
 * server was listening), and closing periods that ended. Each step is a conditional update, so
 * several processes may run it side by side.
 */
export function createCommerceJobs(deps: {
  provider: PaymentProvider;
  fulfilment: Fulfilment;
  orders: OrdersRepository;
  now: () => Date;
  reconcileAfterMs: number;
  log: Pick<WorkerLog, 'error'>;
}): CommerceJobs {
  const { provider, fulfilment, orders, log } = deps;

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
        // One provider error must not hold up the rest; the order is tried again next pass.
        log.error({ err: error, orderId: order.id }, 'order reconciliation failed');
      }
    }
  }

  return {
    async runOnce() {
      await provider.tick(deps.now());
      await deliverEvents();
      await reconcile();
      await orders.closeEnded(deps.now());
    },
  };
}

/**
 * The worker side: a pass every COMMERCE_JOB_INTERVAL_MS as a recurring pg-boss job, so only
 * workers run it (never the HTTP processes), one pass at a time across them. 0 turns it off.
 */
export async function registerCommerceJobs(
  boss: PgBoss,
  o: { config: Config; db: DB; runner: JobRunner; now: () => Date },
) {
  const { config, runner } = o;
  if (config.COMMERCE_JOB_INTERVAL_MS <= 0) return;
  const { provider, fulfilment, orders } = createCommerceCore(config, o.db, o.now);
  const jobs = createCommerceJobs({
    provider,
    fulfilment,
    orders,
    now: o.now,
    reconcileAfterMs: config.COMMERCE_RECONCILE_AFTER_S * 1000,
    log: runner.log,
  });
  await registerRecurringJob(boss, {
    queue: COMMERCE_TICK_QUEUE,
    everySeconds: config.COMMERCE_JOB_INTERVAL_MS / 1000,
    run: () => jobs.runOnce(),
    log: runner.log,
  });
}
