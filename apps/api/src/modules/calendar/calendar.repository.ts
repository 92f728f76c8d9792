import { sql } from 'kysely';
import type { DB } from '../../db/database.js';

export type CalendarScope = 'channel' | 'team' | 'school' | 'sport';

/** A feed keeps a month of past games (a season's recent results) and every game to come. */
const PAST = '30 days';
const MAX_GAMES = 1000;

export interface CalendarGame {
  id: number;
  name: Record<string, string>;
  start: Date;
  duration_minutes: number;
  time_zone: string;
  sequence: number;
  updated_at: Date;
  location: string | null;
  teams: { short_name: string; is_home: boolean }[];
}

/** SQL only: the published games of a feed, and the name of what the feed follows. */
export function createCalendarRepository(db: DB) {
  return {
    async games(channelId: number, scope: CalendarScope, id: number | undefined, now: Date) {
      const filter =
        scope === 'team'
          ? sql`and exists (select 1 from event_participants ep
                where ep.event_id = e.id and ep.participant_id = ${id})`
          : scope === 'school'
            ? sql`and exists (select 1 from event_participants ep
                join participants p on p.id = ep.participant_id
                where ep.event_id = e.id and p.participant_group_id = ${id})`
            : scope === 'sport'
              ? sql`and e.event_category_id = ${id}`
              : sql``;
      const { rows } = await sql<CalendarGame>`
        select e.id, e.name, e.event_utc_ts as start, e.duration_minutes, e.time_zone,
          e.schedule_sequence as sequence, e.schedule_updated_at as updated_at,
          l.name as location,
          coalesce((select json_agg(json_build_object('short_name', p.short_name, 'is_home', ep.is_home))
             from event_participants ep join participants p on p.id = ep.participant_id
             where ep.event_id = e.id), '[]'::json) as teams
        from events e left join locations l on l.id = e.location_id
        where e.channel_id = ${channelId} and e.published
          and e.event_utc_ts > ${now}::timestamptz - ${PAST}::interval
          ${filter}
        order by e.event_utc_ts, e.id limit ${MAX_GAMES}`.execute(db);
      return rows;
    },

    /** The followed thing's name (a sport's in the given language); undefined: not in the channel. */
    async subjectName(
      channelId: number,
      scope: Exclude<CalendarScope, 'channel'>,
      id: number,
      lang: string,
    ) {
      const row =
        scope === 'team'
          ? await db
              .selectFrom('participants')
              .select('name')
              .where('channel_id', '=', channelId)
              .where('id', '=', id)
              .executeTakeFirst()
          : scope === 'school'
            ? await db
                .selectFrom('participant_groups')
                .select('name')
                .where('channel_id', '=', channelId)
                .where('id', '=', id)
                .executeTakeFirst()
            : await db
                .selectFrom('event_categories')
                .select(sql<string>`coalesce(name ->> ${lang}, name ->> 'en')`.as('name'))
                .where('channel_id', '=', channelId)
                .where('id', '=', id)
                .executeTakeFirst();
      return row?.name;
    },
  };
}
export type CalendarRepository = ReturnType<typeof createCalendarRepository>;
