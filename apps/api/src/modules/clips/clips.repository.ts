import { sql } from 'kysely';
import { MEDIA_KIND } from '@rudy/contracts';
import type { DB } from '../../db/database.js';

export interface ClipRow {
  id: number;
  channel_id: number;
  user_id: number | null;
  event_id: number;
  event_media_id: number | null;
  share_uuid: string;
  name: string;
  start_time: number;
  duration: number;
  tags: string[];
  status: 'processing' | 'success' | 'error';
  storage_key: string | null;
  source_key: string | null;
  has_audio: boolean;
  size_bytes: number | null;
  created_at: Date;
  event_name: string;
  event_utc_ts: Date;
  /** Captions were uploaded for it: it is played from a master playlist that lists them. */
  has_captions: boolean;
}

/** A finished game the demo clips: its recording and its teams' short names. */
export interface GameToClip {
  id: number;
  channel_id: number;
  vod_key: string;
  duration_seconds: number;
  has_audio: boolean;
  away: string | null;
  home: string | null;
}

export interface NewClip {
  channelId: number;
  /** null: the channel's own clip (the demo's), in no viewer's list or budget. */
  userId: number | null;
  eventId: number;
  eventMediaId: number | null;
  shareUuid: string;
  name: string;
  startTime: number;
  duration: number;
  tags: string[];
  sourceKey: string;
  hasAudio: boolean;
}

/** SQL only; every query is scoped by channel (and by owner where the caller must own the clip). */
export function createClipsRepository(db: DB) {
  const withEvent = () =>
    db
      .selectFrom('clips as c')
      .innerJoin('events as e', 'e.id', 'c.event_id')
      .select([
        'c.id',
        'c.channel_id',
        'c.user_id',
        'c.event_id',
        'c.event_media_id',
        'c.share_uuid',
        'c.name',
        sql<number>`c.start_time::float8`.as('start_time'),
        sql<number>`c.duration::float8`.as('duration'),
        'c.tags',
        'c.status',
        'c.storage_key',
        'c.source_key',
        'c.has_audio',
        sql<number | null>`c.size_bytes::float8`.as('size_bytes'),
        'c.created_at',
        sql<string>`coalesce(e.name->>'en', e.name->>'fr', '')`.as('event_name'),
        'e.event_utc_ts',
        sql<boolean>`exists (select 1 from captions k where k.channel_id = c.channel_id and k.subject = 'clip' and k.subject_id = c.id)`.as(
          'has_captions',
        ),
      ]);

  return {
    /** The clip and, in the same transaction, whatever the caller enqueues for it. */
    async insert(trx: DB, c: NewClip): Promise<number> {
      const row = await trx
        .insertInto('clips')
        .values({
          channel_id: c.channelId,
          user_id: c.userId,
          event_id: c.eventId,
          event_media_id: c.eventMediaId,
          share_uuid: c.shareUuid,
          name: c.name,
          start_time: c.startTime,
          duration: c.duration,
          tags: c.tags,
          source_key: c.sourceKey,
          has_audio: c.hasAudio,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Clips that count against the clip feature count: all but the failed ones. */
    async countActive(channelId: number, userId: number): Promise<number> {
      const row = await db
        .selectFrom('clips')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('channel_id', '=', channelId)
        .where('user_id', '=', userId)
        .where('status', '!=', 'error')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    ofUser(channelId: number, userId: number, eventId?: number): Promise<ClipRow[]> {
      let q = withEvent().where('c.channel_id', '=', channelId).where('c.user_id', '=', userId);
      if (eventId !== undefined) q = q.where('c.event_id', '=', eventId);
      return q.orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').limit(500).execute();
    },

    owned(channelId: number, userId: number, id: number): Promise<ClipRow | undefined> {
      return withEvent()
        .where('c.channel_id', '=', channelId)
        .where('c.user_id', '=', userId)
        .where('c.id', '=', id)
        .executeTakeFirst();
    },

    byShareUuid(channelId: number, shareUuid: string): Promise<ClipRow | undefined> {
      return withEvent()
        .where('c.channel_id', '=', channelId)
        .where('c.share_uuid', '=', shareUuid)
        .executeTakeFirst();
    },

    byId(channelId: number, id: number): Promise<ClipRow | undefined> {
      return withEvent()
        .where('c.channel_id', '=', channelId)
        .where('c.id', '=', id)
        .executeTakeFirst();
    },

    async markReady(
      id: number,
      r: { storageKey: string; duration: number; sizeBytes: number; at: Date },
    ) {
      await db
        .updateTable('clips')
        .set({
          status: 'success',
          storage_key: r.storageKey,
          duration: r.duration,
          size_bytes: r.sizeBytes,
          ready_at: r.at,
          error: null,
        })
        .where('id', '=', id)
        .where('status', '=', 'processing')
        .execute();
    },

    async markFailed(id: number, reason: string) {
      await db
        .updateTable('clips')
        .set({ status: 'error', error: reason.slice(0, 2_000) })
        .where('id', '=', id)
        .where('status', '=', 'processing')
        .execute();
    },

    /** Deletes the owner's clip; returns its storage key (files to remove) when it existed. */
    async delete(channelId: number, userId: number, id: number) {
      return db
        .deleteFrom('clips')
        .where('channel_id', '=', channelId)
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .returning(['id', 'storage_key'])
        .executeTakeFirst();
    },
    /** Finished games with a ready VOD and no clip yet, newest first (the demo's clips). */
    demoGamesToClip(channelId: number, now: Date, limit: number): Promise<GameToClip[]> {
      const side = (isHome: boolean) => sql<string | null>`(
    select p.short_name from event_participants ep join participants p on p.id = ep.participant_id
    where ep.event_id = e.id and ep.is_home = ${isHome} limit 1)`;
      return db
        .selectFrom('events as e')
        .innerJoin('event_media as m', (j) =>
          j
            .onRef('m.event_id', '=', 'e.id')
            .on('m.kind', '=', MEDIA_KIND.vod)
            .on('m.status', '=', 'ready')
            .on('m.storage_key', 'is not', null),
        )
        .select([
          'e.id',
          'e.channel_id',
          sql<string>`m.storage_key`.as('vod_key'),
          sql<number>`coalesce((m.meta->>'duration_seconds')::float8, 0)`.as('duration_seconds'),
          sql<boolean>`coalesce((m.meta->>'has_audio')::boolean, true)`.as('has_audio'),
          side(false).as('away'),
          side(true).as('home'),
        ])
        .where('e.channel_id', '=', channelId)
        .where(sql<boolean>`e.event_utc_ts + make_interval(mins => e.duration_minutes) <= ${now}`)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb.selectFrom('clips as c').select('c.id').whereRef('c.event_id', '=', 'e.id'),
            ),
          ),
        )
        .orderBy('e.event_utc_ts', 'desc')
        .limit(limit)
        .execute();
    },
    /** The channel's own clips (made here, no viewer's), of any status. */
    async channelClipCount(channelId: number): Promise<number> {
      const row = await db
        .selectFrom('clips')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('channel_id', '=', channelId)
        .where('user_id', 'is', null)
        .executeTakeFirstOrThrow();
      return row.n;
    },
  };
}
export type ClipsRepository = ReturnType<typeof createClipsRepository>;
