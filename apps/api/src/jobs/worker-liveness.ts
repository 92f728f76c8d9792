import { randomInt } from 'node:crypto';
import type { WorkerLog } from './job-runner.js';
import { sessionLock } from './session-lock.js';

/** The advisory lock class of worker processes' liveness locks (the other key: the process's). */
export const LIVENESS_LOCK_CLASS = 0x4c495645;
/** A lost lock's connection is tried again this often (the same key: see holdWorkerLiveness). */
const RETRY_MS = 250;

export interface WorkerLiveness {
  /**
   * This process's liveness key while its lock is held, else null: written into the live leases
   * it takes and renews, so that another worker takes one at once when the lock is free (this
   * process is gone), instead of after the lease.
   */
  key(): number | null;
  close(): Promise<void>;
}

/**
 * A worker process's liveness, as PostgreSQL gives it for free: a session advisory lock on a
 * connection of its own, under a random key, for the life of the process. A process that dies
 * (kill -9, out of memory, a crash) closes its connection with it and the lock is free at once;
 * while it runs, the lock is granted. The lock's connection lost (the database restarting, the
 * session ended) is connected again and the same key taken again; meanwhile key() is null, so
 * nothing this process takes or renews then names a key. Null without a DATABASE_URL (PGlite:
 * one process owns the database, nobody else could take over).
 */
export async function holdWorkerLiveness(
  databaseUrl: string | undefined,
  log: WorkerLog,
): Promise<WorkerLiveness | null> {
  if (!databaseUrl) return null;

  let key = randomInt(1, 2 ** 31 - 1);
  const lock = sessionLock({
    databaseUrl,
    key: { sql: '$1::int, $2::int', params: () => [LIVENESS_LOCK_CLASS, key] },
    retryMs: RETRY_MS,
    onLost: () => log.error({ key }, 'worker liveness lock lost; taken again when possible'),
    onRetaken: () => log.info({ key }, 'worker liveness lock taken again'),
  });

  // A key another running process holds (one chance in 2^31): another one.
  for (let tries = 0; !(await lock.attempt()); tries += 1) {
    if (tries >= 5) {
      await lock.close();
      throw new Error('worker liveness lock could not be taken');
    }
    key = randomInt(1, 2 ** 31 - 1);
  }
  log.info({ key }, 'worker liveness lock held');
  return { key: () => (lock.held() ? key : null), close: () => lock.close() };
}
