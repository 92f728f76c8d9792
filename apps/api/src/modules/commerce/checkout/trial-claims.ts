import { createHash } from 'node:crypto';

/**
 * The address a person reads mail at: case, a `+tag` and Gmail's dots do not make another one, so
 * they do not make another free trial either. Migration 0006 computes the same in SQL.
 */
export function normaliseEmail(email: string): string {
  const e = email.trim().toLowerCase();
  const at = e.lastIndexOf('@');
  const domain = e.slice(at + 1);
  const local = e.slice(0, at).replace(/\+.*$/, '');
  const gmail = domain === 'gmail.com' || domain === 'googlemail.com';
  return gmail ? `${local.replaceAll('.', '')}@gmail.com` : `${local}@${domain}`;
}

/** Kept instead of the address: the claim outlives the account, the address need not. */
export const emailClaim = (email: string) =>
  createHash('sha256').update(normaliseEmail(email)).digest('hex');

/** A card fingerprint is only comparable with the same provider's. */
export const cardClaim = (provider: string, fingerprint: string) => `${provider}:${fingerprint}`;

export type ClaimKind = 'email' | 'card';
