import { sql } from 'kysely';
import type { DB } from '../../db/database.js';

const endTs = sql<Date>`e.event_utc_ts + make_interval(mins => e.duration_minutes)`;

/** SQL only. Event time windows: live while now is inside [start, start + duration). */
export function createEventsRepository(db: DB) {
  const base = (channelId: number) =>
    db
      .selectFrom('events as e')
      .selectAll('e')
      .select(endTs.as('end_utc_ts'))
      .where('e.channel_id', '=', channelId);

  return {
    live(channelId: number, now: Date, limit: number) {
      return base(channelId)
        .where('e.event_utc_ts', '<=', now)
        .where(endTs, '>', now)
        .orderBy('e.event_utc_ts')
        .orderBy('e.id')
        .limit(limit)
        .execute();
    },
    upcoming(channelId: number, now: Date, limit: number) {
      return base(channelId)
        .where('e.event_utc_ts', '>', now)
        .orderBy('e.event_utc_ts')
        .orderBy('e.id')
        .limit(limit)
        .execute();
    },
    recent(channelId: number, now: Date, limit: number) {
      return base(channelId)
        .where(endTs, '<=', now)
        .orderBy('e.event_utc_ts', 'desc')
        .orderBy('e.id', 'desc')
        .limit(limit)
        .execute();
    },
    participantsOf(channelId: number, eventIds: number[]) {
      if (eventIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('event_participants as ep')
        .innerJoin('participants as p', 'p.id', 'ep.participant_id')
        .select([
          'ep.event_id',
          'ep.is_home',
          'p.id',
          'p.name',
          'p.short_name',
          'p.color',
          'p.logo_url',
        ])
        .where('ep.channel_id', '=', channelId)
        .where('ep.event_id', 'in', eventIds)
        .orderBy('ep.event_id')
        .orderBy('ep.is_home')
        .orderBy('p.id')
        .execute();
    },
  };
}
export type EventsRepository = ReturnType<typeof createEventsRepository>;
export type EventRow = Awaited<ReturnType<EventsRepository['live']>>[number];
export type EventParticipantRow = Awaited<ReturnType<EventsRepository['participantsOf']>>[number];
