import type PgBoss from 'pg-boss';
import { retryTransient } from '../db/transient-error.js';
import { settlesWithin } from '../lib/settles-within.js';
import type { WorkerLog } from './job-runner.js';

/**
 * Wraps a job's run (handler and settlement): the media lease. `owned` says, just before the job
 * is settled, whether it is still this run's (false once the job was handed to another run).
 */
export type JobHold = (
  job: PgBoss.Job<unknown>,
  run: (owned: () => Promise<boolean>) => Promise<void>,
) => Promise<void>;

export interface JobLoopOptions<T> {
  pollingIntervalSeconds: number;
  priority?: boolean;
  log: WorkerLog;
  hold?: JobHold;
  handler: (jobs: PgBoss.Job<T>[]) => Promise<unknown>;
}

/** Settlements are retried this long through a database outage, then left to the lease. */
const SETTLE_RETRY_MS = 10 * 60_000;

/**
 * One job at a time from `queue`, fetched, run and settled with pg-boss's fetch/complete/fail.
 * Not pg-boss 10's work(): it races every job against its queue's expiry and, when the time is up,
 * fails the job while the handler goes on running (another worker then starts it a second time),
 * and it sends complete()/fail() without awaiting them, so a deadlock or a cut connection there is
 * an unhandled rejection. Here a job runs to its end (the lease, not a timer, says when its worker
 * is gone), and its settlement is retried through transient database errors.
 */
export function startJobLoop<T>(boss: PgBoss, queue: string, o: JobLoopOptions<T>) {
  const { log } = o;
  let stopping = false;
  let wake: (() => void) | undefined;
  const nap = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      wake = done;
    });

  const runOne = async (job: PgBoss.Job<T>, owned: () => Promise<boolean>) => {
    let settle: () => Promise<unknown>;
    try {
      const result = await o.handler([job]);
      settle = () => boss.complete(queue, job.id, result ?? undefined);
    } catch (error) {
      settle = () => boss.fail(queue, job.id, error as object);
    }
    if (!(await owned())) {
      log.error({ job: queue, id: job.id }, 'job handed to another run: that run settles it');
      return;
    }
    await retryTransient(settle, {
      log,
      what: 'job settlement',
      context: { job: queue, id: job.id },
      forMs: SETTLE_RETRY_MS,
    });
  };

  const loop = async () => {
    while (!stopping) {
      // pg-boss's fetch logs nothing and returns no job when the database is away.
      const [job] = await boss
        .fetch<T>(queue, { batchSize: 1, priority: o.priority ?? true })
        .catch(() => []);
      if (!job) {
        await nap(o.pollingIntervalSeconds * 1000);
        continue;
      }
      const run = (owned: () => Promise<boolean>) => runOne(job, owned);
      try {
        if (o.hold) await o.hold(job, run);
        else await run(() => Promise.resolve(true));
      } catch (error) {
        // The job stays active: its lease lapses and the reaper hands it to a worker again.
        log.error({ err: error, job: queue, id: job.id }, 'job not settled: left to its lease');
      }
    }
  };
  const done = loop();

  return {
    /** A job was queued: fetch now instead of at the next poll. */
    notify() {
      wake?.();
    },
    /** No new job is fetched; resolves when the running one is settled, or false after `ms`. */
    async stop(ms: number): Promise<boolean> {
      stopping = true;
      wake?.();
      return settlesWithin(done, ms);
    },
  };
}
export type JobLoop = ReturnType<typeof startJobLoop>;
