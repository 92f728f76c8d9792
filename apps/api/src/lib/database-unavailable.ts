/**
 * Whether an error says the database cannot be reached right now (stopped, restarting, failing
 * over, the network gone, the pool out of time), as opposed to a fault in the request or the code.
 * The error handler answers these 503 with Retry-After: the client may try again, nothing is wrong
 * with what it sent, and the pool reconnects by itself once the server is back. (A socket error
 * from another dependency reads the same, and 503 is as true of it.)
 */

/**
 * While the database is away the API answers 503 and asks to be called again this many seconds
 * later: the pool reconnects on the next query once the server is back (about 3 s after a restart).
 */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

/** Socket errors from connecting to, or talking with, the server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's SQLSTATEs for the same: class 08 (connection exception), the server shutting down
 * or starting (57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now) and too many
 * connections (53300).
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres's own words when a connection ends or the pool waited too long for one. */
const PG_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
];

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 4 || error === null || typeof error !== 'object') return false;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string') {
    if (NETWORK_CODES.has(e.code) || SQLSTATES.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code)) {
      return true;
    }
  }
  if (typeof e.message === 'string' && PG_MESSAGES.some((m) => String(e.message).startsWith(m))) {
    return true;
  }
  // Connecting to every address of a host fails as one AggregateError; a wrapped error keeps its cause.
  if (
    Array.isArray(e.errors) &&
    e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))
  ) {
    return true;
  }
  return isDatabaseUnavailable(e.cause, depth + 1);
}
