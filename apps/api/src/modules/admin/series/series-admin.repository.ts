import { sql, type Insertable, type Updateable } from 'kysely';
import type { DB } from '../../../db/database.js';
import type { GameSeriesTable } from '../../../db/schema.js';
import { endTs } from '../../events/events.where.js';

/** SQL only: a channel's series of recurring games and the games linked to them. */
export function createSeriesAdminRepository(db: DB) {
  const series = (channelId: number) =>
    db
      .selectFrom('game_series as s')
      .selectAll('s')
      .select((eb) => [
        eb
          .selectFrom('events as e')
          .select((c) => c.fn.countAll<string>().as('n'))
          .whereRef('e.series_id', '=', 's.id')
          .as('games'),
        eb
          .selectFrom('events as e')
          .select((c) => c.fn.countAll<string>().as('n'))
          .whereRef('e.series_id', '=', 's.id')
          .where('e.series_detached', '=', true)
          .as('detached'),
      ])
      .where('s.channel_id', '=', channelId);

  return {
    list: (channelId: number) =>
      series(channelId).orderBy('s.first_date').orderBy('s.id').execute(),

    byId: (channelId: number, id: number) =>
      series(channelId).where('s.id', '=', id).executeTakeFirst(),

    /** The series already making these games (a repeated create finds the first one here). */
    same: (
      channelId: number,
      s: Pick<
        GameSeriesTable,
        'home_team_id' | 'away_team_id' | 'first_date' | 'start_time' | 'weekdays'
      >,
    ) =>
      db
        .selectFrom('game_series')
        .select('id')
        .where('channel_id', '=', channelId)
        .where('home_team_id', '=', s.home_team_id)
        .where('away_team_id', '=', s.away_team_id)
        .where('first_date', '=', s.first_date)
        .where('start_time', '=', s.start_time)
        .where(sql<boolean>`weekdays = ${`{${s.weekdays.join(',')}}`}::smallint[]`)
        .executeTakeFirst(),

    async insert(row: Insertable<GameSeriesTable>): Promise<number> {
      const { id } = await db
        .insertInto('game_series')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async update(channelId: number, id: number, patch: Updateable<GameSeriesTable>) {
      await db
        .updateTable('game_series')
        .set({ ...patch, updated_at: new Date() })
        .where('channel_id', '=', channelId)
        .where('id', '=', id)
        .execute();
    },

    async remove(channelId: number, id: number) {
      await db
        .deleteFrom('game_series')
        .where('channel_id', '=', channelId)
        .where('id', '=', id)
        .execute();
    },

    /** The series' games not over yet (the ones a change to the series may touch). */
    upcomingGames: (channelId: number, seriesId: number, now: Date) =>
      db
        .selectFrom('events as e')
        .select(['e.id', 'e.series_day', 'e.series_detached'])
        .where('e.channel_id', '=', channelId)
        .where('e.series_id', '=', seriesId)
        .where(endTs, '>', now)
        .orderBy('e.event_utc_ts')
        .execute(),

    /** Every day the series already has a game for, over or not. */
    async days(channelId: number, seriesId: number): Promise<Set<string>> {
      const rows = await db
        .selectFrom('events')
        .select('series_day')
        .where('channel_id', '=', channelId)
        .where('series_id', '=', seriesId)
        .execute();
      return new Set(rows.map((r) => r.series_day).filter((d): d is string => d !== null));
    },

    async link(
      channelId: number,
      eventId: number,
      seriesId: number,
      day: string,
      detached = false,
    ) {
      await db
        .updateTable('events')
        .set({ series_id: seriesId, series_day: day, series_detached: detached })
        .where('channel_id', '=', channelId)
        .where('id', '=', eventId)
        .execute();
    },
  };
}
export type SeriesAdminRepository = ReturnType<typeof createSeriesAdminRepository>;
export type SeriesRow = NonNullable<Awaited<ReturnType<SeriesAdminRepository['byId']>>>;
