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

/**
 * What one playback answer reads, in one statement: the event, the channel's settings (as stored,
 * JSON text, and the channel's name for their defaults), the event's media rows and the viewers'
 * pre-roll suppressions for it.
 */
export interface PlaybackRows {
  event: PlaybackEventRow;
  /** `settings.data` as JSON text, null when the channel has no settings row. */
  settingsJson: string | null;
  channelName: string | null;
  media: MediaRow[];
  /** Pre-rolls suppressed for these viewers and this event now (none asked: empty). */
  suppressed: Set<number>;
}

type PlaybackRowsRow = Omit<PlaybackEventRow, 'event_utc_ts'> & {
  event_utc_ts: Date | string;
  settings_json: string | null;
  channel_name: string | null;
  media: (Omit<MediaRow, 'started_at' | 'ended_at'> & {
    started_at: string | null;
    ended_at: string | null;
  })[];
  suppressed: number[];
};

/** SQL behind playback, media files and downloads. Every query is bound to a channel. */
export function createMediaRepository(db: DB) {
  return {
    /**
     * The event (published, of this channel), its channel's settings, its media rows (newest
     * first within a kind, as `media`) and, for `viewers`, the pre-rolls suppressed for it at
     * `now` (as prerolls' `suppressedIds`): one round trip where playback made four.
     */
    async playbackRows(
      channelId: number,
      eventId: number,
      viewers: readonly string[],
      now: Date,
    ): Promise<PlaybackRows | undefined> {
      const suppressed =
        viewers.length > 0
          ? sql<number[]>`array(
              select distinct v.preroll_id from preroll_views v
              where v.channel_id = e.channel_id and v.event_id = e.id
                and v.viewer in (${sql.join(viewers)}) and v.suppressed_until > ${now})`
          : sql<number[]>`'{}'::int[]`;
      const { rows } = await sql<PlaybackRowsRow>`
        select e.id, e.channel_id, coalesce(e.name->>'en', e.name->>'fr', '') as name,
          e.access_type, e.event_utc_ts, e.duration_minutes, e.event_category_id, e.location_id,
          e.geo_allowed_countries, e.geo_blocked_countries, e.single_event_package_id,
          e.preroll_mode, e.preroll_id, e.image_url,
          s.data::text as settings_json, c.name as channel_name,
          (select coalesce(json_agg(m order by m.kind, m.id desc), '[]'::json)
             from (select id, kind, url, storage_key, status, started_at, ended_at, meta
                     from event_media
                    where channel_id = e.channel_id and event_id = e.id) m) as media,
          ${suppressed} as suppressed
        from events e
        left join settings s on s.channel_id = e.channel_id
        left join channels c on c.id = s.channel_id
        where e.channel_id = ${channelId} and e.id = ${eventId}
          -- An unpublished game does not play for viewers (the event page 404s too).
          and e.published = true
      `.execute(db);
      const row = rows[0];
      if (!row) return undefined;
      const { settings_json, channel_name, media, suppressed: ids, ...event } = row;
      return {
        event: { ...event, event_utc_ts: new Date(event.event_utc_ts) },
        settingsJson: settings_json,
        channelName: channel_name,
        // json_agg gives timestamps as ISO text: Dates, as the row query's driver gives them.
        media: media.map((m) => ({
          ...m,
          started_at: m.started_at === null ? null : new Date(m.started_at),
          ended_at: m.ended_at === null ? null : new Date(m.ended_at),
        })),
        suppressed: new Set(ids),
      };
    },

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
