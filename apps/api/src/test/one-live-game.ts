import { sql } from 'kysely';
import { MEDIA_KIND } from '@rudy/contracts';
import type { DB } from '../db/database.js';
import { eventPrefix } from '../modules/media/media-paths.js';

/**
 * Leaves a seeded demo channel with one game on now and nothing else for a worker to do: the
 * other games on now moved to tomorrow, the finished ones counted as having their VOD, no demo
 * pre-rolls to render. Returns the game that is on.
 */
export async function keepOneGameLive(db: DB, channelId: number): Promise<number> {
  const live = await db
    .selectFrom('events')
    .select('id')
    .where('channel_id', '=', channelId)
    .where('event_utc_ts', '<=', sql<Date>`now()`)
    .where(sql<Date>`event_utc_ts + duration_minutes * interval '1 minute'`, '>', sql<Date>`now()`)
    .orderBy('id')
    .execute();
  const [first, ...others] = live;
  if (!first) throw new Error('the demo channel has no game on now');
  if (others.length > 0) {
    await db
      .updateTable('events')
      .set({ event_utc_ts: sql<Date>`now() + interval '1 day'` })
      .where(
        'id',
        'in',
        others.map((o) => o.id),
      )
      .execute();
  }
  const finished = await db
    .selectFrom('events')
    .select('id')
    .where('channel_id', '=', channelId)
    .where(sql<Date>`event_utc_ts + duration_minutes * interval '1 minute'`, '<=', sql<Date>`now()`)
    .execute();
  for (const f of finished) {
    await db
      .insertInto('event_media')
      .values({
        channel_id: channelId,
        event_id: f.id,
        kind: MEDIA_KIND.vod,
        storage_key: `${eventPrefix(channelId, f.id)}/vod/master.m3u8`,
        status: 'ready',
      })
      .execute();
  }
  await db.deleteFrom('prerolls').where('channel_id', '=', channelId).execute();
  return first.id;
}
