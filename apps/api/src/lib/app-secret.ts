import { randomBytes } from 'node:crypto';
import type { DB } from '../db/database.js';

/**
 * A server secret (signing links, cookies). From configuration when given; otherwise generated once
 * and kept in the database, so an embedded install signs the same way across restarts and every
 * process of a deployment agrees.
 */
export async function loadAppSecret(db: DB, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const fresh = randomBytes(32).toString('base64url');
  await db
    .insertInto('app_secrets')
    .values({ name: 'signing', value: fresh })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', 'signing')
    .executeTakeFirstOrThrow();
  return row.value;
}
