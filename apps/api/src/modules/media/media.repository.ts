import { sql } from 'kysely';
import type { DB } from '../../db/database.js';

export interface PlaybackEventRow {
  id: number;
  channel_id: number;
  name: string;
  access_type: 'free' | 'paid' | 'register' | 'ppv';
  event_utc_ts: Date;
  duration_minutes: number;
  event_category_id: number | null;
  location_id: number | null;
  geo_allowed_countries: string[] | null;
  geo_blocked_countries: string[] | null;
  single_event_package_id: number | null;
  /** The game's pre-roll choice (the console's): the channel's rules, none, or `preroll_id`. */
  preroll_mode: 'auto' | 'none' | 'chosen';
  preroll_id: number | null;
  /** The game's own picture (its listing card's), the poster when no frame of it is stored. */
  image_url: string | null;
}

export interface MediaRow {
  id: number;
  kind: number;
  url: string | null;
  storage_key: string | null;
  status: 'pending' | 'processing' | 'ready' | 'live' | 'ended' | 'error';
  started_at: Date | null;
  ended_at: Date | null;
  meta: Record<string, unknown>;
}

/** SQL behind playback, media files and downloads. Every query is bound to a channel. */
export function createMediaRepository(db: DB) {
  return {
    async event(channelId: number, eventId: number): Promise<PlaybackEventRow | undefined> {
      const row = await db
        .selectFrom('events')
        .select([
          'id',
          'channel_id',
          sql<string>`coalesce(name->>'en', name->>'fr', '')`.as('name'),
          'access_type',
          'event_utc_ts',
          'duration_minutes',
          'event_category_id',
          'location_id',
          'geo_allowed_countries',
          'geo_blocked_countries',
          'single_event_package_id',
          'preroll_mode',
          'preroll_id',
          'image_url',
        ])
        .where('channel_id', '=', channelId)
        .where('id', '=', eventId)
        // An unpublished game does not play for viewers (the event page 404s too).
        .where('published', '=', true)
        .executeTakeFirst();
      return row ? { ...row, event_utc_ts: new Date(row.event_utc_ts) } : undefined;
    },

    /** Media of an event, newest first within a kind. */
    async media(channelId: number, eventId: number): Promise<MediaRow[]> {
      const rows = await db
        .selectFrom('event_media')
        .select(['id', 'kind', 'url', 'storage_key', 'status', 'started_at', 'ended_at'])
        .select(sql<Record<string, unknown>>`meta`.as('meta'))
        .where('channel_id', '=', channelId)
        .where('event_id', '=', eventId)
        .orderBy('kind')
        .orderBy('id', 'desc')
        .execute();
      return rows;
    },

    /** Whether the API key a media token was issued to is still valid (not revoked, not expired). */
    async keyIsActive(channelId: number, keyId: string, now: Date): Promise<boolean> {
      const row = await db
        .selectFrom('api_keys')
        .select('id')
        .where('id', '=', keyId)
        .where('channel_id', '=', channelId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row !== undefined;
    },

    async downloads(channelId: number, userId: number, eventId: number) {
      const row = await db
        .selectFrom('media_downloads')
        .select([
          sql<number>`count(*)::int`.as('used'),
          sql<boolean>`coalesce(bool_or(event_id = ${eventId}), false)`.as('has_event'),
        ])
        .where('channel_id', '=', channelId)
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return { used: row.used, hasEvent: row.has_event };
    },

    /** A download counts once per user and event, however often the file is fetched. */
    async recordDownload(channelId: number, userId: number, eventId: number): Promise<void> {
      await db
        .insertInto('media_downloads')
        .values({ channel_id: channelId, user_id: userId, event_id: eventId })
        .onConflict((oc) => oc.columns(['user_id', 'event_id']).doNothing())
        .execute();
    },
  };
}
export type MediaRepository = ReturnType<typeof createMediaRepository>;
