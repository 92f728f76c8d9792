import { sql } from 'kysely';
import { MEDIA_KIND, type ReelStatus } from '@rudy/contracts';
import type { DB } from '../../db/database.js';
import type { I18nText } from '../../db/schema.js';

/** The library rail reels are listed in, one per channel (made with the channel's first reel). */
export const HIGHLIGHTS_RAIL: I18nText = { en: 'Highlights', fr: 'Temps forts' };

/** SQL only: the games' highlights reels. Every query is bound to a channel. */
export function createReelsRepository(db: DB) {
  /** The console's view of the channel's reels, with their game's name. */
  const rows = (channelId: number) =>
    db
      .selectFrom('moment_reels as r')
      .innerJoin('events as e', 'e.id', 'r.event_id')
      .select([
        'r.event_id',
        'e.name',
        'r.status',
        'r.vod_item_id',
        'r.moments',
        'r.duration_seconds',
        'r.created_at',
      ])
      .where('r.channel_id', '=', channelId);

  return {
    one: (channelId: number, eventId: number) =>
      db
        .selectFrom('moment_reels')
        .selectAll()
        .where('channel_id', '=', channelId)
        .where('event_id', '=', eventId)
        .executeTakeFirst(),

    pending: (channelId: number) =>
      rows(channelId)
        .where('r.status', '=', 'pending')
        .orderBy('r.created_at', 'desc')
        .orderBy('r.event_id', 'desc')
        .execute(),

    /** The reel, locked until the caller's transaction ends (a decision on it). */
    lockedRow: (channelId: number, eventId: number) =>
      rows(channelId).where('r.event_id', '=', eventId).forUpdate('r').executeTakeFirst(),

    /** The console's decision; a discarded reel loses its library video. */
    decide: (
      channelId: number,
      eventId: number,
      change: { status: ReelStatus; decidedBy: number; dropItem: boolean },
    ) =>
      db
        .updateTable('moment_reels')
        .set({
          status: change.status,
          decided_by: change.decidedBy,
          updated_at: sql<Date>`now()`,
          ...(change.dropItem ? { vod_item_id: null } : {}),
        })
        .where('channel_id', '=', channelId)
        .where('event_id', '=', eventId)
        .returning(['event_id', 'status', 'vod_item_id'])
        .executeTakeFirstOrThrow(),

    deleteItem: (channelId: number, itemId: number) =>
      db
        .deleteFrom('vod_media_items')
        .where('channel_id', '=', channelId)
        .where('id', '=', itemId)
        .execute(),

    needsApproval: async (channelId: number) =>
      (
        await db
          .selectFrom('channels')
          .select('reels_need_approval')
          .where('id', '=', channelId)
          .executeTakeFirst()
      )?.reels_need_approval ?? false,

    setNeedsApproval: (channelId: number, needed: boolean) =>
      db
        .updateTable('channels')
        .set({ reels_need_approval: needed })
        .where('id', '=', channelId)
        .execute(),

    /** A game without moments has an empty reel (made once: a reel already there stays). */
    markEmpty: (channelId: number, eventId: number) =>
      db
        .insertInto('moment_reels')
        .values({ event_id: eventId, channel_id: channelId, status: 'empty' })
        .onConflict((oc) => oc.column('event_id').doNothing())
        .execute(),

    /**
     * Claims the game's reel, inside the caller's transaction: its row and its (unlisted) library
     * video, made once. A row already past 'cutting' is a reel already made (or a game without
     * moments): null, nothing to do.
     */
    async claim(channelId: number, eventId: number, title: I18nText): Promise<number | null> {
      await db
        .insertInto('moment_reels')
        .values({ event_id: eventId, channel_id: channelId })
        .onConflict((oc) => oc.column('event_id').doNothing())
        .execute();
      const row = await db
        .selectFrom('moment_reels')
        .selectAll()
        .where('event_id', '=', eventId)
        .where('channel_id', '=', channelId)
        .forUpdate()
        .executeTakeFirst();
      if (row?.status !== 'cutting') return null;
      if (row.vod_item_id !== null) return row.vod_item_id;
      const item = await db
        .insertInto('vod_media_items')
        .values({
          channel_id: channelId,
          title: JSON.stringify(title),
          published_at: sql<Date>`now()`,
          status: 'processing',
          meta: JSON.stringify({ reel_event_id: eventId }),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .updateTable('moment_reels')
        .set({ vod_item_id: item.id })
        .where('event_id', '=', eventId)
        .execute();
      return item.id;
    },

    /**
     * The cut reel is done: its row says so and its library video has its playlist and poster.
     * Null when the row was no longer being cut (another delivery of the job finished it first).
     */
    async finish(
      target: { channelId: number; eventId: number; itemId: number; prefix: string },
      reel: { status: 'pending' | 'published'; moments: number; seconds: number },
    ) {
      const done = await db
        .updateTable('moment_reels')
        .set({
          status: reel.status,
          moments: reel.moments,
          duration_seconds: reel.seconds,
          updated_at: sql<Date>`now()`,
        })
        .where('event_id', '=', target.eventId)
        .where('status', '=', 'cutting')
        .returning('status')
        .executeTakeFirst();
      if (!done) return null;
      await db
        .updateTable('vod_media_items')
        .set({ storage_key: `${target.prefix}/vod/master.m3u8`, duration_seconds: reel.seconds })
        .where('id', '=', target.itemId)
        .execute();
      await db
        .insertInto('vod_media_assets')
        .values({
          channel_id: target.channelId,
          item_id: target.itemId,
          kind: MEDIA_KIND.image,
          storage_key: `${target.prefix}/assets/poster.jpg`,
          meta: '{}',
        })
        .onConflict((oc) => oc.columns(['item_id', 'kind']).doNothing())
        .execute();
      return done.status;
    },

    /** The reel's library video is listed: ready, and in the channel's Highlights rail. */
    async publishItem(channelId: number, itemId: number) {
      await db
        .updateTable('vod_media_items')
        .set({ status: 'ready', published_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
        .where('channel_id', '=', channelId)
        .where('id', '=', itemId)
        .execute();
      let rail = await db
        .selectFrom('vod_media_rails')
        .select('id')
        .where('channel_id', '=', channelId)
        .where(sql<boolean>`title->>'en' = ${HIGHLIGHTS_RAIL.en}`)
        .orderBy('id')
        .executeTakeFirst();
      rail ??= await db
        .insertInto('vod_media_rails')
        .values({ channel_id: channelId, title: JSON.stringify(HIGHLIGHTS_RAIL), position: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('vod_media_rail_items')
        .values({ channel_id: channelId, rail_id: rail.id, item_id: itemId })
        .onConflict((oc) => oc.columns(['rail_id', 'item_id']).doNothing())
        .execute();
    },
  };
}
export type ReelsRepository = ReturnType<typeof createReelsRepository>;
export type ReelRow = NonNullable<Awaited<ReturnType<ReelsRepository['lockedRow']>>>;
