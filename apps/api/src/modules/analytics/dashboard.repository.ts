import { sql, type ExpressionBuilder } from 'kysely';
import type { AnalyticsStreamFilter } from '@rudy/contracts';
import type { DB } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

export interface Range {
  channelId: number;
  start: Date;
  end: Date;
  stream: AnalyticsStreamFilter;
}

type StreamTable =
  | 'analytics_views_hourly'
  | 'analytics_watch_hourly'
  | 'analytics_first_frame_hourly'
  | 'analytics_viewers_hourly';

const num = (v: unknown) => Number(v ?? 0);

/**
 * SQL only: what the dashboard reads, all from the hourly rollups (and the app's own users and
 * orders), each query bounded by channel and hour range on the rollups' primary keys.
 */
export function createDashboardRepository(db: DB) {
  /** Channel, hours in range, and the live/VOD filter ("VOD" is everything on demand). */
  function scoped(table: StreamTable, r: Range) {
    return db
      .selectFrom(table)
      .where('channel_id', '=', r.channelId)
      .where('hour', '>=', r.start)
      .where('hour', '<', r.end)
      .where((eb: ExpressionBuilder<Database, StreamTable>) =>
        r.stream === 'live'
          ? eb('stream_type', '=', 'live')
          : r.stream === 'vod'
            ? eb('stream_type', '<>', 'live')
            : eb.val(true),
      );
  }

  return {
    async viewsByHour(r: Range) {
      const rows = await scoped('analytics_views_hourly', r)
        .select(['hour', sql<string>`sum(views)`.as('views')])
        .groupBy('hour')
        .execute();
      return rows.map((x) => ({ hour: new Date(x.hour), views: num(x.views) }));
    },

    async viewsByStream(r: Range) {
      const rows = await scoped('analytics_views_hourly', r)
        .select(['stream_type', 'stream_id', sql<string>`sum(views)`.as('views')])
        .groupBy(['stream_type', 'stream_id'])
        .execute();
      return rows.map((x) => ({ ...x, views: num(x.views) }));
    },

    async watchByHour(r: Range) {
      const rows = await scoped('analytics_watch_hourly', r)
        .select(['hour', sql<string>`sum(seconds)`.as('seconds')])
        .groupBy('hour')
        .execute();
      return rows.map((x) => ({ hour: new Date(x.hour), seconds: num(x.seconds) }));
    },

    /** Watch time per game and what the client said of it (one row per combination). */
    async watchByStream(r: Range) {
      const rows = await scoped('analytics_watch_hourly', r)
        .select([
          'stream_type',
          'stream_id',
          'sport',
          'school',
          sql<string>`sum(seconds)`.as('seconds'),
        ])
        .groupBy(['stream_type', 'stream_id', 'sport', 'school'])
        .execute();
      return rows.map((x) => ({ ...x, seconds: num(x.seconds) }));
    },

    async firstFrameHistogram(r: Range): Promise<Map<number, number>> {
      const rows = await scoped('analytics_first_frame_hourly', r)
        .select(['bucket', sql<string>`sum(samples)`.as('samples')])
        .groupBy('bucket')
        .execute();
      return new Map(rows.map((x) => [x.bucket, num(x.samples)]));
    },

    async viewerSketches(r: Range) {
      const rows = await scoped('analytics_viewers_hourly', r).select(['hour', 'sketch']).execute();
      return rows.map((x) => ({ hour: new Date(x.hour), sketch: new Uint8Array(x.sketch) }));
    },

    async eventsByHour(r: Range) {
      const rows = await db
        .selectFrom('analytics_events_hourly')
        .select(['hour', 'name', 'count'])
        .where('channel_id', '=', r.channelId)
        .where('hour', '>=', r.start)
        .where('hour', '<', r.end)
        .execute();
      return rows.map((x) => ({ hour: new Date(x.hour), name: x.name, count: num(x.count) }));
    },

    async topPages(r: Range, limit: number) {
      const rows = await db
        .selectFrom('analytics_pages_hourly')
        .select(['path', sql<string>`sum(visits)`.as('visits')])
        .where('channel_id', '=', r.channelId)
        .where('hour', '>=', r.start)
        .where('hour', '<', r.end)
        .groupBy('path')
        .orderBy(sql`sum(visits)`, 'desc')
        .orderBy('path')
        .limit(limit)
        .execute();
      return rows.map((x) => ({ path: x.path, visits: num(x.visits) }));
    },

    async signups(r: Range): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('channel_id', '=', r.channelId)
        .where('created_at', '>=', r.start)
        .where('created_at', '<', r.end)
        .executeTakeFirstOrThrow();
      return num(row.n);
    },

    async revenue(r: Range) {
      const rows = await db
        .selectFrom('orders')
        .select([
          'currency',
          sql<string>`sum(amount_cents)`.as('amount'),
          (eb) => eb.fn.countAll<string>().as('orders'),
        ])
        .where('channel_id', '=', r.channelId)
        .where('status', '=', 'paid')
        .where('created_at', '>=', r.start)
        .where('created_at', '<', r.end)
        .groupBy('currency')
        .orderBy('currency')
        .execute();
      return rows.map((x) => ({
        currency: x.currency,
        amount_cents: num(x.amount),
        orders: num(x.orders),
      }));
    },

    /** Names of the games watched, and their teams, in the caller's language. */
    async games(channelId: number, ids: number[]) {
      if (ids.length === 0) return { events: [], teams: [] };
      const [events, teams] = await Promise.all([
        db
          .selectFrom('events')
          .select(['id', 'name'])
          .where('channel_id', '=', channelId)
          .where('id', 'in', ids)
          .execute(),
        db
          .selectFrom('event_participants as ep')
          .innerJoin('participants as p', 'p.id', 'ep.participant_id')
          .select(['ep.event_id', 'p.id', 'p.name', 'p.short_name', 'ep.is_home'])
          .where('p.channel_id', '=', channelId)
          .where('ep.event_id', 'in', ids)
          .execute(),
      ]);
      return { events, teams };
    },

    async viewersNow(channelId: number, since: Date) {
      const rows = await db
        .selectFrom('analytics_presence')
        .select(['stream_type', (eb) => eb.fn.countAll<string>().as('n')])
        .where('channel_id', '=', channelId)
        .where('last_seen', '>', since)
        .groupBy('stream_type')
        .execute();
      return rows.map((x) => ({ stream_type: x.stream_type, count: num(x.n) }));
    },
  };
}
export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
