import webpush from 'web-push';
import type { Config } from '../../config.js';
import type { AppSecretsRepository } from '../../lib/app-secrets.repository.js';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** Push services reach this address about the server's messages when none is configured. */
const DEV_SUBJECT = 'mailto:alerts@example.invalid';

/**
 * The VAPID pair push messages are signed with (RFC 8292); null when Web Push is off. From
 * configuration when given (production requires it); otherwise generated once and kept in the
 * database, so the subscriptions browsers made keep working across restarts and every process
 * signs alike. The private key is never logged: callers pass it to web-push only.
 */
export async function loadVapidKeys(
  config: Pick<Config, 'WEB_PUSH' | 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'>,
  secrets: AppSecretsRepository,
): Promise<VapidKeys | null> {
  if (!config.WEB_PUSH) return null;
  const subject = config.VAPID_SUBJECT ?? DEV_SUBJECT;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  }
  await secrets.keepFirst('vapid', JSON.stringify(webpush.generateVAPIDKeys()));
  const stored = JSON.parse(await secrets.value('vapid')) as {
    publicKey: string;
    privateKey: string;
  };
  return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
}
