import { randomInt } from 'node:crypto';
import pg from 'pg';
import type { WorkerLog } from './job-runner.js';

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
  let client: pg.Client | null = null;
  let held = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  async function attempt(): Promise<boolean> {
    if (!client) {
      const c = new pg.Client({ connectionString: databaseUrl });
      c.on('error', () => lost(c));
      c.on('end', () => lost(c));
      await c.connect();
      if (closed) {
        await c.end().catch(() => undefined);
        return false;
      }
      client = c;
    }
    const { rows } = await client.query<{ ok: boolean }>(
      'select pg_try_advisory_lock($1::int, $2::int) as ok',
      [LIVENESS_LOCK_CLASS, key],
    );
    held = rows[0]?.ok === true;
    return held;
  }
  function lost(c: pg.Client) {
    if (client !== c) return;
    client = null;
    if (held) log.error({ key }, 'worker liveness lock lost; taken again when possible');
    held = false;
    if (!closed) scheduleRetry();
  }
  function scheduleRetry() {
    clearTimeout(retry);
    retry = setTimeout(() => {
      attempt()
        .then((ok) => {
          if (ok) log.info({ key }, 'worker liveness lock taken again');
          // Still held by this process's previous session, which the database has not seen go
          // yet (the key is this process's alone): tried again until it is released.
          else scheduleRetry();
        })
        .catch(() => {
          const c = client;
          client = null;
          void c?.end().catch(() => undefined);
          if (!closed) scheduleRetry();
        });
    }, RETRY_MS);
    retry.unref();
  }

  // A key another running process holds (one chance in 2^31): another one.
  for (let tries = 0; !(await attempt()); tries += 1) {
    if (tries >= 5) {
      await (client as pg.Client | null)?.end().catch(() => undefined);
      throw new Error('worker liveness lock could not be taken');
    }
    key = randomInt(1, 2 ** 31 - 1);
  }
  log.info({ key }, 'worker liveness lock held');
  return {
    key: () => (held ? key : null),
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
