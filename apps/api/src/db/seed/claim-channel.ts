import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema.js';

/**
 * Inserts a channel row unless its key exists. ON CONFLICT makes a concurrent second seed wait for
 * the first and then do nothing, so seeds stay idempotent: `created` says whether to fill it.
 */
export async function claimChannel(
  trx: Transaction<Database> | Kysely<Database>,
  channel: { key: string; name: string; hosts: string[] },
): Promise<{ channelId: number; created: boolean }> {
  const inserted = await trx
    .insertInto('channels')
    .values(channel)
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { channelId: inserted.id, created: true };
  const existing = await trx
    .selectFrom('channels')
    .select('id')
    .where('key', '=', channel.key)
    .executeTakeFirstOrThrow();
  return { channelId: existing.id, created: false };
}
