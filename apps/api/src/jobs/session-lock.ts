import pg from 'pg';

/**
 * A PostgreSQL session advisory lock on a connection of its own, for the life of the process: the
 * engine frees it at once when the process dies (its connection closes with it). The connection
 * lost (the database restarting, the session ended) is connected again and the same lock taken
 * again every `retryMs` until it is; meanwhile held() is false.
 */
export function sessionLock(o: {
  databaseUrl: string;
  /** pg_try_advisory_lock's arguments, as SQL with $1, $2, and their values (read at each try). */
  key: { sql: string; params: () => unknown[] };
  retryMs: number;
  /** The lock was held and its connection is lost. */
  onLost(): void;
  /** Taken again after a loss. */
  onRetaken(): void;
}) {
  let client: pg.Client | null = null;
  let held = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  /** One attempt: connects when needed; true once the lock is ours. */
  async function attempt(): Promise<boolean> {
    if (!client) {
      const c = new pg.Client({ connectionString: o.databaseUrl });
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
      `select pg_try_advisory_lock(${o.key.sql}) as ok`,
      o.key.params(),
    );
    held = rows[0]?.ok === true;
    return held;
  }
  function lost(c: pg.Client) {
    if (client !== c) return;
    client = null;
    if (held) o.onLost();
    held = false;
    if (!closed) scheduleRetry();
  }
  function scheduleRetry() {
    clearTimeout(retry);
    retry = setTimeout(() => {
      attempt()
        .then((ok) => {
          if (ok) o.onRetaken();
          // Still held by this process's previous session, which the database has not seen go
          // yet: tried again until it is released.
          else scheduleRetry();
        })
        .catch(() => {
          const c = client;
          client = null;
          void c?.end().catch(() => undefined);
          if (!closed) scheduleRetry();
        });
    }, o.retryMs);
    retry.unref();
  }

  return {
    attempt,
    held: () => held,
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
