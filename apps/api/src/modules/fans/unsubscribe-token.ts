import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * The one-click unsubscribe link of alert mails (RFC 8058): it works without logging in, so it
 * carries its own proof. The token is an HMAC of the channel and the user under the server's
 * secret: it names one viewer, stops only their alert mail, and never expires (a mail read in a
 * year still unsubscribes). Replaying it is harmless: unsubscribing twice is unsubscribing.
 */
const mac = (secret: string, channelId: number, userId: number) =>
  createHmac('sha256', secret).update(`fan-alerts-unsubscribe\n${channelId}\n${userId}`).digest();

export const unsubscribeToken = (secret: string, channelId: number, userId: number) =>
  mac(secret, channelId, userId).toString('base64url');

export function isUnsubscribeToken(
  secret: string,
  channelId: number,
  userId: number,
  token: string,
): boolean {
  const given = Buffer.from(token, 'base64url');
  const expected = mac(secret, channelId, userId);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The link in the List-Unsubscribe header and in the mail's footer. */
export function unsubscribeLink(origin: string, secret: string, channelId: number, userId: number) {
  const query = new URLSearchParams({
    user: String(userId),
    token: unsubscribeToken(secret, channelId, userId),
  });
  return `${origin}/api/notifications/unsubscribe?${query.toString()}`;
}
