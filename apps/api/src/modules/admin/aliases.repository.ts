import type { DB } from '../../db/database.js';

/** SQL only: the aliases a channel already uses that a new one from `base` could collide with. */
export async function aliasesLike(
  db: DB,
  table: 'participants' | 'event_categories' | 'participant_groups',
  channelId: number,
  base: string,
): Promise<Set<string>> {
  const rows = await db
    .selectFrom(table)
    .select('alias')
    .where('channel_id', '=', channelId)
    .where((eb) => eb.or([eb('alias', '=', base), eb('alias', 'like', `${base}-%`)]))
    .execute();
  return new Set(rows.map((r) => r.alias));
}
