import type { WorkerLog } from './job-runner.js';
import { sessionLock } from './session-lock.js';

/** The advisory lock class of worker identities (the other key is hashtext(WORKER_ID)). */
export const IDENTITY_LOCK_CLASS = 0x57524b52;
/** After kill -9, the dead process's session may hold the lock for a moment: waited this long. */
const TAKE_WITHIN_MS = 20_000;
const RETRY_MS = 250;
/** A lost lock is tried again this often. */
const RETAKE_MS = 1_000;

export interface WorkerIdentity {
  /** WORKER_ID: the same across this worker's restarts (a supervisor's instance name). */
  id: string;
  /**
   * True while this process holds the identity's lock: no other running process has this
   * WORKER_ID, so what a lease names as this identity's is a dead predecessor's, taken back at once.
   */
  holds(): boolean;
  close(): Promise<void>;
}

/**
 * A worker's stable identity (WORKER_ID), held as a PostgreSQL session advisory lock on a
 * connection of its own for the life of the process. The lock goes when the process dies (its
 * connection closes), so a restarted worker takes it at once and with it its live encoders'
 * leases; a second process started with the same WORKER_ID while the first runs is refused. The
 * lock's connection lost (the database restarting): it is taken again once the database is back,
 * and meanwhile nothing is taken back early (leases then lapse as without an identity).
 * Null without WORKER_ID. On PGlite one process owns the database: the identity is held.
 */
export async function holdWorkerIdentity(
  id: string | undefined,
  databaseUrl: string | undefined,
  log: WorkerLog,
): Promise<WorkerIdentity | null> {
  if (!id) return null;
  if (!databaseUrl) return { id, holds: () => true, close: () => Promise.resolve() };

  const lock = sessionLock({
    databaseUrl,
    key: { sql: '$1::int, hashtext($2)', params: () => [IDENTITY_LOCK_CLASS, id] },
    retryMs: RETAKE_MS,
    onLost: () =>
      log.error({ workerId: id }, 'worker identity lock lost; taken again when possible'),
    onRetaken: () => log.info({ workerId: id }, 'worker identity lock taken again'),
  });

  const until = Date.now() + TAKE_WITHIN_MS;
  while (!(await lock.attempt())) {
    if (Date.now() > until) {
      await lock.close();
      throw new Error(
        `WORKER_ID ${id} is in use by another running worker: give each worker its own`,
      );
    }
    await new Promise((r) => setTimeout(r, RETRY_MS));
  }
  log.info({ workerId: id }, 'worker identity held');
  return { id, holds: () => lock.held(), close: () => lock.close() };
}
