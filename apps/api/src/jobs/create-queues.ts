import type PgBoss from 'pg-boss';
import { retryTransient, type RetryLog } from '../db/transient-error.js';

/**
 * Creates every queue (or brings its options up to date) before any handler starts. Workers
 * starting together on a fresh database create the same queues at once, and pg-boss's createQueue
 * can then lose a deadlock (40P01) to the other worker: each step is retried through transient
 * database errors instead of failing the worker's start.
 */
export async function createQueues(
  boss: PgBoss,
  queues: Record<string, Omit<PgBoss.Queue, 'name'>>,
  log: RetryLog,
): Promise<void> {
  for (const [name, options] of Object.entries(queues)) {
    await retryTransient(() => boss.createQueue(name, { name, ...options }), {
      log,
      what: 'queue creation',
      context: { queue: name },
    });
    // createQueue keeps an existing queue as it was: bring its options up to date.
    await retryTransient(() => boss.updateQueue(name, { name, ...options }), {
      log,
      what: 'queue update',
      context: { queue: name },
    });
  }
}
