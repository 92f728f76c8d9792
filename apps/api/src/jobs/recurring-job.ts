import type PgBoss from 'pg-boss';
import type { WorkerLog } from './job-runner.js';

/** After a pass failed for good (retries spent), the chain starts again this much later. */
const RESTART_AFTER_FAILURE_S = 30;

/**
 * Queue options of a recurring job and its dead-letter queue (created first: pg-boss needs it).
 * 'short': at most one pass waits in the queue, so every worker's start-up and every finished pass
 * may queue the next without ever piling them up. A failed pass is retried with backoff (1, 2,
 * 4 s...); one cut short by a dead worker expires after `expireInSeconds` and is retried too, while
 * the next start-up has already queued a fresh pass. Passes must therefore be safe to run twice
 * and side by side (conditional updates, deletes of what is expired).
 */
export function recurringQueueOptions(
  queue: string,
  expireInSeconds: number,
): Record<string, Omit<PgBoss.Queue, 'name'>> {
  return {
    [`${queue}-failed`]: { policy: 'standard', retryLimit: 3, retryDelay: 5 },
    [queue]: {
      policy: 'short',
      retryLimit: 5,
      retryDelay: 1,
      retryBackoff: true,
      expireInSeconds,
      deadLetter: `${queue}-failed`,
    },
  };
}

/**
 * Runs `run` every `everySeconds` on whichever worker takes the pass: a chain of pg-boss jobs in
 * which each finished pass queues the next (pg-boss's cron needs a minute's granularity and a
 * clock monitor; this needs neither). Instead of a timer in every process, one pass at a time
 * across all workers, with retries and a dead-letter queue that logs and restarts the chain.
 */
export async function registerRecurringJob(
  boss: PgBoss,
  o: { queue: string; everySeconds: number; run: () => Promise<unknown>; log: WorkerLog },
) {
  const { queue, log } = o;
  const next = (delaySeconds: number) =>
    boss.send(queue, {}, { startAfter: Math.max(1, Math.ceil(delaySeconds)) });
  // Polled twice per interval (pg-boss's floor is half a second) so a pass starts on time.
  const pollingIntervalSeconds = Math.min(60, Math.max(0.5, o.everySeconds / 2));
  await boss.work(queue, { pollingIntervalSeconds }, async (jobs) => {
    for (const job of jobs) {
      try {
        await o.run();
      } catch (error) {
        log.error({ job: job.name, err: error }, 'recurring job failed');
        throw error;
      }
    }
    await next(o.everySeconds);
  });
  await boss.work(`${queue}-failed`, { pollingIntervalSeconds: 5 }, async () => {
    log.error({ job: queue }, 'recurring job failed after its retries; starting it again');
    await next(RESTART_AFTER_FAILURE_S);
  });
  // The first pass (a chain left by an earlier start keeps its one waiting pass instead).
  await next(0);
}
