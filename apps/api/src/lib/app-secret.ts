import { randomBytes } from 'node:crypto';
import type { AppSecretsRepository } from './app-secrets.repository.js';

/**
 * A server secret (signing links, cookies). From configuration when given; otherwise generated once
 * and kept in the database, so an embedded install signs the same way across restarts and every
 * process of a deployment agrees.
 */
export async function loadAppSecret(
  secrets: AppSecretsRepository,
  configured: string | undefined,
): Promise<string> {
  if (configured) return configured;
  await secrets.keepFirst('signing', randomBytes(32).toString('base64url'));
  return secrets.value('signing');
}
