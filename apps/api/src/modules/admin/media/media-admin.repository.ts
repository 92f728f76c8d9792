import { sql } from 'kysely';
import { MEDIA_KIND } from '@rudy/contracts';
import type { DB } from '../../../db/database.js';
import type { I18nText } from '../../../db/schema.js';

export type SubjectState = 'none' | 'preparing' | 'ready' | 'error';

const stateOf = (status: string | null): SubjectState => {
  if (status === null) return 'none';
  if (status === 'ready' || status === 'ended') return 'ready';
  if (status === 'error') return 'error';
  return 'preparing';
};
const titleOf = (name: I18nText, lang: string) => name[lang as 'en' | 'fr'] || name.en || '';

/** SQL only: what the media screen lists and the media rows its changes touch. */
export function createMediaAdminRepository(db: DB) {
  return {
    /** The channel's games, newest first, with their VOD's status and whether a poster exists. */
    async games(channelId: number, lang: string, limit = 200) {
      const rows = await db
        .selectFrom('events as e')
        .select((eb) => [
          'e.id',
          'e.name',
          'e.event_utc_ts',
          'e.time_zone',
          eb
            .selectFrom('event_media as m')
            .select('m.status')
            .whereRef('m.event_id', '=', 'e.id')
            .where('m.kind', '=', MEDIA_KIND.vod)
            .orderBy('m.updated_at', 'desc')
            .limit(1)
            .as('vod_status'),
          eb
            .exists(
              eb
                .selectFrom('event_media as p')
                .select('p.id')
                .whereRef('p.event_id', '=', 'e.id')
                .where('p.kind', '=', MEDIA_KIND.image),
            )
            .as('has_poster'),
        ])
        .where('e.channel_id', '=', channelId)
        .orderBy('e.event_utc_ts', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        title: titleOf(r.name, lang),
        starts_at: r.event_utc_ts.toISOString(),
        time_zone: r.time_zone,
        state: stateOf(r.vod_status),
        has_poster: Boolean(r.has_poster),
      }));
    },

    async library(channelId: number, lang: string, limit = 200) {
      const rows = await db
        .selectFrom('vod_media_items as i')
        .select((eb) => [
          'i.id',
          'i.title',
          'i.status',
          eb
            .exists(
              eb
                .selectFrom('vod_media_assets as a')
                .select('a.id')
                .whereRef('a.item_id', '=', 'i.id')
                .where('a.kind', '=', MEDIA_KIND.image),
            )
            .as('has_poster'),
        ])
        .where('i.channel_id', '=', channelId)
        .orderBy('i.published_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        title: titleOf(r.title, lang),
        starts_at: null,
        time_zone: null,
        state: stateOf(r.status === 'pending' ? null : r.status),
        has_poster: Boolean(r.has_poster),
      }));
    },

    async gameExists(channelId: number, eventId: number): Promise<boolean> {
      const row = await db
        .selectFrom('events')
        .select('id')
        .where('channel_id', '=', channelId)
        .where('id', '=', eventId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async libraryItemExists(channelId: number, itemId: number): Promise<boolean> {
      const row = await db
        .selectFrom('vod_media_items')
        .select('id')
        .where('channel_id', '=', channelId)
        .where('id', '=', itemId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A library video waiting for its upload: viewers see it once its video is ready. */
    async createLibraryItem(channelId: number, title: I18nText): Promise<number> {
      const row = await db
        .insertInto('vod_media_items')
        .values({ channel_id: channelId, title: JSON.stringify(title), published_at: new Date() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** A game's media rows with their statuses (the delete refuses while one is at work). */
    gameMedia(channelId: number, eventId: number) {
      return db
        .selectFrom('event_media')
        .select(['id', 'kind', 'status', 'storage_key'])
        .where('channel_id', '=', channelId)
        .where('event_id', '=', eventId)
        .execute();
    },

    /** Jobs of a game or library video still to run or running. */
    async activeJobs(channelId: number, t: { eventId?: number; vodItemId?: number }) {
      let q = db
        .selectFrom('media_uploads')
        .select('id')
        .where('channel_id', '=', channelId)
        .where('status', 'in', ['queued', 'processing']);
      if (t.eventId !== undefined) q = q.where('event_id', '=', t.eventId);
      if (t.vodItemId !== undefined) q = q.where('vod_item_id', '=', t.vodItemId);
      return (await q.execute()).length;
    },

    /** Rows of files we store (an external URL row is the operator's, not a file). */
    async deleteStoredGameMedia(channelId: number, eventId: number): Promise<number> {
      const r = await db
        .deleteFrom('event_media')
        .where('channel_id', '=', channelId)
        .where('event_id', '=', eventId)
        .where('storage_key', 'is not', null)
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    },

    /** The game's poster row points at the replaced file (other poster rows go). */
    async setGamePoster(channelId: number, eventId: number, storageKey: string) {
      await db
        .deleteFrom('event_media')
        .where('channel_id', '=', channelId)
        .where('event_id', '=', eventId)
        .where('kind', '=', MEDIA_KIND.image)
        .where('storage_key', 'is distinct from', storageKey)
        .execute();
      await db
        .insertInto('event_media')
        .values({
          channel_id: channelId,
          event_id: eventId,
          kind: MEDIA_KIND.image,
          storage_key: storageKey,
          status: 'ready',
        })
        .onConflict((oc) =>
          oc
            .columns(['event_id', 'kind', 'storage_key'])
            .doUpdateSet({ status: 'ready', updated_at: sql<Date>`now()` }),
        )
        .execute();
    },

    async setLibraryPoster(channelId: number, itemId: number, storageKey: string) {
      await db
        .insertInto('vod_media_assets')
        .values({
          channel_id: channelId,
          item_id: itemId,
          kind: MEDIA_KIND.image,
          storage_key: storageKey,
          meta: '{}',
        })
        .onConflict((oc) =>
          oc.columns(['item_id', 'kind']).doUpdateSet({ storage_key: storageKey, url: null }),
        )
        .execute();
    },
  };
}
