/**
 * The error helpers the browser needs at start-up. This module imports nothing (no zod), so the
 * web app's first bundle stays small; errors.ts re-exports everything here.
 */

/** Client-side codes that never come from the server. */
export const ERR_CANCELED = 'ERR_CANCELED';
export const ERR_TIMEOUT = 'ERR_TIMEOUT';
export const ERR_NETWORK = 'ERR_NETWORK';

/** Keys errors: a message naming the key makes the client refresh its key and retry once. */
export function isKeyErrorMessage(message: string): boolean {
  return /api_key|channel_key|chanel or api key/i.test(message);
}
