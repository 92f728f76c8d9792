import pg from 'pg';
import type { WorkerLog } from './job-runner.js';

/** The advisory lock class of worker identities (the other key is hashtext(WORKER_ID)). */
const IDENTITY_LOCK_CLASS = 0x57524b52;
/** After kill -9, the dead process's session may hold the lock for a moment: waited this long. */
const TAKE_WITHIN_MS = 20_000;
const RETRY_MS = 250;

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

  let client: pg.Client | null = null;
  let held = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  /** One attempt: connects when needed; true once the lock is ours. */
  async function attempt(): Promise<boolean> {
    if (!client) {
      const c = new pg.Client({ connectionString: databaseUrl });
      c.on('error', () => lost(c));
      c.on('end', () => lost(c));
      await c.connect();
      client = c;
    }
    const { rows } = await client.query<{ ok: boolean }>(
      'select pg_try_advisory_lock($1::int, hashtext($2)) as ok',
      [IDENTITY_LOCK_CLASS, id],
    );
    held = rows[0]?.ok === true;
    return held;
  }
  function lost(c: pg.Client) {
    if (client !== c) return;
    client = null;
    if (held) log.error({ workerId: id }, 'worker identity lock lost; taken again when possible');
    held = false;
    if (!closed) scheduleRetry();
  }
  function scheduleRetry() {
    clearTimeout(retry);
    retry = setTimeout(() => {
      attempt()
        .then((ok) => {
          if (ok) log.info({ workerId: id }, 'worker identity lock taken again');
          else scheduleRetry();
        })
        .catch(() => {
          const c = client;
          client = null;
          void c?.end().catch(() => undefined);
          if (!closed) scheduleRetry();
        });
    }, 1_000);
    retry.unref();
  }

  const until = Date.now() + TAKE_WITHIN_MS;
  while (!(await attempt())) {
    if (Date.now() > until) {
      // Set by attempt(), which TypeScript's narrowing does not follow.
      await (client as pg.Client | null)?.end().catch(() => undefined);
      throw new Error(
        `WORKER_ID ${id} is in use by another running worker: give each worker its own`,
      );
    }
    await new Promise((r) => setTimeout(r, RETRY_MS));
  }
  log.info({ workerId: id }, 'worker identity held');
  return {
    id,
    holds: () => held,
    async close() {
      closed = true;
      clearTimeout(retry);
      held = false;
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
