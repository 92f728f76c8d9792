/**
 * PostgreSQL errors that say "try again", not "this is wrong": a serialization failure or a
 * deadlock (the other transaction won), the server shutting down or terminating the session
 * (failover, restart, pg_terminate_backend), and every connection-level failure (class 08, a reset
 * socket, the pg client's "Connection terminated"). Retrying the same statement on a new
 * connection is safe for all of them: the failed transaction was rolled back.
 */
const TRANSIENT_SQLSTATES = new Set(['40001', '40P01', '57P01', '57P02', '57P03', '53300']);
const TRANSIENT_ERRNOS = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
const TRANSIENT_MESSAGES = [
  /Connection terminated/i,
  /Client has encountered a connection error/i,
  /timeout exceeded when trying to connect/i,
  /terminating connection/i,
];

export function isTransientDbError(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string') {
    if (TRANSIENT_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    if (TRANSIENT_ERRNOS.has(code)) return true;
  }
  if (typeof message === 'string' && TRANSIENT_MESSAGES.some((re) => re.test(message))) return true;
  // AggregateError (a connect to several addresses) and wrapped causes.
  const inner = (error as { errors?: unknown }).errors;
  if (Array.isArray(inner) && inner.some((e) => isTransientDbError(e, depth + 1))) return true;
  return isTransientDbError(cause, depth + 1);
}

export interface RetryLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Runs `attempt` again while it fails with a transient database error: backoff from 200 ms to 5 s,
 * for at most `forMs` (then the last error is thrown). One log line when it starts failing and
 * one when it succeeds again, not one per attempt. Any other error is thrown at once.
 */
export async function retryTransient<T>(
  attempt: () => Promise<T>,
  o: { log: RetryLog; what: string; forMs?: number; context?: object },
): Promise<T> {
  const deadline = Date.now() + (o.forMs ?? 5 * 60_000);
  let waitMs = 200;
  let failures = 0;
  for (;;) {
    try {
      const result = await attempt();
      if (failures > 0) o.log.info({ ...o.context, failures }, `${o.what}: done after a retry`);
      return result;
    } catch (error) {
      if (!isTransientDbError(error) || Date.now() + waitMs > deadline) throw error;
      if (failures === 0) {
        o.log.error({ ...o.context, err: error }, `${o.what}: transient database error, retrying`);
      }
      failures += 1;
      await new Promise((r) => setTimeout(r, waitMs));
      waitMs = Math.min(5_000, waitMs * 2);
    }
  }
}
