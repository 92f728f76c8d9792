import { createHmac, timingSafeEqual } from 'node:crypto';

export type LinkPurpose = 'verify_email' | 'password_reset';

export interface LinkSubject {
  purpose: LinkPurpose;
  channelId: number;
  userId: number;
  email: string;
  /**
   * State the link is only good for: the unverified flag for verification, a fingerprint of the
   * password hash for a reset. When the state changes (email verified, password changed) the
   * signature no longer matches, which makes each link single-use without storing it.
   */
  state: string;
}

function mac(secret: string, subject: LinkSubject, expires: number): Buffer {
  const payload = [
    subject.purpose,
    subject.channelId,
    subject.userId,
    subject.email.toLowerCase(),
    subject.state,
    expires,
  ].join('\n');
  return createHmac('sha256', secret).update(payload).digest();
}

export function signLink(secret: string, subject: LinkSubject, expires: number): string {
  return mac(secret, subject, expires).toString('base64url');
}

export function isValidSignature(
  secret: string,
  subject: LinkSubject,
  expires: number,
  signature: string,
): boolean {
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(secret, subject, expires);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Links carry `expires` in seconds since the epoch, as signed-URL schemes usually do. */
export const expiresIn = (ms: number, now: Date) => Math.floor((now.getTime() + ms) / 1000);
export const isExpired = (expires: number, now: Date) => expires * 1000 <= now.getTime();
