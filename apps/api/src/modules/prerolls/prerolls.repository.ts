import type { DB } from '../../db/database.js';

export interface PrerollRow {
  id: number;
  url: string;
  location_id: number | null;
  event_categories: number[];
  for_vod: boolean;
  for_live: boolean;
  weight: number;
  suppression_ms: number | null;
  duration_seconds: number | null;
}

export function createPrerollsRepository(db: DB) {
  return {
    list(channelId: number): Promise<PrerollRow[]> {
      return db
        .selectFrom('prerolls')
        .select([
          'id',
          'url',
          'location_id',
          'event_categories',
          'for_vod',
          'for_live',
          'weight',
          'suppression_ms',
          'duration_seconds',
        ])
        .where('channel_id', '=', channelId)
        .where('disabled', '=', false)
        .orderBy('id')
        .execute();
    },

    /** The pre-rolls' URLs of these channels, by id. */
    urlsOf(channelIds: number[]): Promise<{ id: number; url: string }[]> {
      return db
        .selectFrom('prerolls')
        .select(['id', 'url'])
        .where('channel_id', 'in', channelIds)
        .orderBy('id')
        .execute();
    },

    /** Records the length of the clip at this URL (the demo renders, then probes it). */
    async setDuration(channelIds: number[], url: string, seconds: number): Promise<void> {
      await db
        .updateTable('prerolls')
        .set({ duration_seconds: seconds })
        .where('channel_id', 'in', channelIds)
        .where('url', '=', url)
        .execute();
    },

    /** The pre-rolls with a running suppression for the event for any of these viewers. */
    async suppressedIds(
      channelId: number,
      viewers: string[],
      eventId: number,
      now: Date,
    ): Promise<Set<number>> {
      const rows = await db
        .selectFrom('preroll_views')
        .select('preroll_id')
        .distinct()
        .where('channel_id', '=', channelId)
        .where('viewer', 'in', viewers)
        .where('event_id', '=', eventId)
        .where('suppressed_until', '>', now)
        .execute();
      return new Set(rows.map((r) => r.preroll_id));
    },
    async suppress(
      channelId: number,
      viewer: string,
      eventId: number,
      prerollId: number,
      until: Date,
    ): Promise<void> {
      await db
        .insertInto('preroll_views')
        .values({
          channel_id: channelId,
          viewer,
          event_id: eventId,
          preroll_id: prerollId,
          suppressed_until: until,
        })
        .onConflict((oc) =>
          oc
            .columns(['channel_id', 'viewer', 'event_id', 'preroll_id'])
            .doUpdateSet({ suppressed_until: until }),
        )
        .execute();
    },

    /** Suppressions that ran out are only history; the worker clears them. */
    async deleteExpired(before: Date): Promise<number> {
      const result = await db
        .deleteFrom('preroll_views')
        .where('suppressed_until', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type PrerollsRepository = ReturnType<typeof createPrerollsRepository>;
