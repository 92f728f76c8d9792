import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { STREAM_KEY_PATTERN } from '@rudy/contracts';

/*
 * A stream key opens one game's ingest: `ev<game id>.<256 random bits>`. The id says which row to
 * compare with, so the check is one constant-time comparison of SHA-256 digests (a plain hash is
 * enough: 256 random bits cannot be guessed from it) and never a lookup by secret.
 */

export function newStreamKey(eventId: number): string {
  return `ev${eventId}.${randomBytes(32).toString('base64url')}`;
}

export const hashStreamKey = (key: string): Buffer => createHash('sha256').update(key).digest();

/** The game a key claims to open, or null when it is not a key of ours at all. */
export function streamKeyEvent(key: string): number | null {
  const match = STREAM_KEY_PATTERN.exec(key);
  return match ? Number(match[1]) : null;
}

export function streamKeyMatches(key: string, storedHash: Buffer): boolean {
  const presented = hashStreamKey(key);
  return storedHash.length === presented.length && timingSafeEqual(presented, storedHash);
}
