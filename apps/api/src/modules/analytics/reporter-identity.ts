import type { KeysService } from '../keys/keys.service.js';

/**
 * Who a datalake call may be counted as: the user its API key is bound to, when the key is live
 * and of the channel the call is filed under. The user_id a call claims is no identity (anyone
 * may post any number). A key that does not resolve makes the call an anonymous visitor's, not a
 * refused one: analytics never get in a viewer's way (spec section 8) and the call still counts.
 * Null at once (no promise) for a call without a key.
 */
export function createReporterIdentity(keys: Pick<KeysService, 'resolve'>) {
  return (apiKey: string | null | undefined, channelId: number): null | Promise<number | null> => {
    if (!apiKey) return null;
    return keys.resolve(apiKey).then(
      (key) => (key.channelId === channelId ? key.userId : null),
      () => null,
    );
  };
}
export type ReporterIdentity = ReturnType<typeof createReporterIdentity>;
