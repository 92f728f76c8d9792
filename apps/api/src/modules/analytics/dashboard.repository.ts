import { sql } from 'kysely';
import type { AnalyticsStreamFilter } from '@rudy/contracts';
import type { DB } from '../../db/database.js';

export interface Range {
  channelId: number;
  /** Days of the channel's time zone, both included. */
  from: string;
  to: string;
  /** The same days as instants (for the app's own tables and the hourly rollups). */
  start: Date;
  end: Date;
  stream: AnalyticsStreamFilter;
}

const num = (v: unknown) => Number(v ?? 0);

/**
 * A viewer sketch read as base64 text: the embedded database decodes bytea into JavaScript byte
 * by byte (a month's 60 sketches took ~9 ms), base64 is decoded natively.
 */
const sketchText = sql<string>`encode(sketch, 'base64')`.as('sketch');
const sketchOf = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));

/** The live/VOD filter on a rollup's stream_type ("VOD" is everything on demand). */
const streamIs = (stream: AnalyticsStreamFilter) =>
  stream === 'live'
    ? sql<boolean>`stream_type = 'live'`
    : stream === 'vod'
      ? sql<boolean>`stream_type <> 'live'`
      : sql<boolean>`true`;

/**
 * SQL only: what the dashboard reads. A range of days comes from the daily rollups (a handful of
 * rows per game and day), a single day's hours from the hourly ones; sign-ups and revenue from
 * the app's own tables. Every query is bounded by channel and period on a primary key.
 */
export function createDashboardRepository(db: DB) {
  return {
    /**
     * Views and watch time per day and per game (or clip), in one pass over the range's rows
     * (grouping sets): the two breakdowns the dashboard needs of the largest daily table.
     */
    async streams(r: Range) {
      const { rows } = await sql<{
        day: string | null;
        stream_type: string | null;
        stream_id: number | null;
        views: string;
        seconds: string;
      }>`
        select day::text as day, stream_type, stream_id, sum(views) as views, sum(seconds) as seconds
        from analytics_daily_streams
        where channel_id = ${r.channelId} and day >= ${r.from}::date and day <= ${r.to}::date
          and ${streamIs(r.stream)}
        group by grouping sets ((day), (stream_type, stream_id))
      `.execute(db);
      const byDay: { day: string; views: number; seconds: number }[] = [];
      const byStream: { stream_type: string; stream_id: number; views: number; seconds: number }[] =
        [];
      for (const x of rows) {
        const figures = { views: num(x.views), seconds: num(x.seconds) };
        if (x.day !== null) byDay.push({ day: x.day, ...figures });
        else if (x.stream_type !== null && x.stream_id !== null) {
          byStream.push({ stream_type: x.stream_type, stream_id: x.stream_id, ...figures });
        }
      }
      return { byDay, byStream };
    },

    /** Watch time by what the client said the game was: category, sport, school. */
    async watchByDim(r: Range) {
      const rows = await db
        .selectFrom('analytics_daily_dims')
        .select(['dim', 'value', sql<string>`sum(seconds)`.as('seconds')])
        .where('channel_id', '=', r.channelId)
        .where('day', '>=', r.from)
        .where('day', '<=', r.to)
        .where(streamIs(r.stream))
        .groupBy(['dim', 'value'])
        .execute();
      return rows.map((x) => ({ dim: x.dim, value: x.value, seconds: num(x.seconds) }));
    },

    async firstFrameHistogram(r: Range): Promise<Map<number, number>> {
      const rows = await db
        .selectFrom('analytics_daily_first_frames')
        .select(['bucket', sql<string>`sum(samples)`.as('samples')])
        .where('channel_id', '=', r.channelId)
        .where('day', '>=', r.from)
        .where('day', '<=', r.to)
        .where(streamIs(r.stream))
        .groupBy('bucket')
        .execute();
      return new Map(rows.map((x) => [x.bucket, num(x.samples)]));
    },

    async viewerSketchesByDay(r: Range) {
      const rows = await db
        .selectFrom('analytics_daily_viewers')
        .select([sql<string>`day::text`.as('day'), sketchText])
        .where('channel_id', '=', r.channelId)
        .where('day', '>=', r.from)
        .where('day', '<=', r.to)
        .where(streamIs(r.stream))
        .execute();
      return rows.map((x) => ({ day: x.day, sketch: sketchOf(x.sketch) }));
    },

    async eventsByDay(r: Range) {
      const rows = await db
        .selectFrom('analytics_daily_events')
        .select([sql<string>`day::text`.as('day'), 'name', 'count'])
        .where('channel_id', '=', r.channelId)
        .where('day', '>=', r.from)
        .where('day', '<=', r.to)
        .execute();
      return rows.map((x) => ({ day: x.day, name: x.name, count: num(x.count) }));
    },

    async topPages(r: Range, limit: number) {
      const rows = await db
        .selectFrom('analytics_daily_pages')
        .select(['path', sql<string>`sum(visits)`.as('visits')])
        .where('channel_id', '=', r.channelId)
        .where('day', '>=', r.from)
        .where('day', '<=', r.to)
        .groupBy('path')
        .orderBy(sql`sum(visits)`, 'desc')
        .orderBy('path')
        .limit(limit)
        .execute();
      return rows.map((x) => ({ path: x.path, visits: num(x.visits) }));
    },

    /** One day hour by hour: views, watch time, visits and the hour's viewer sketches. */
    async hours(r: Range) {
      const [views, watch, visits, sketches] = await Promise.all([
        db
          .selectFrom('analytics_views_hourly')
          .select(['hour', sql<string>`sum(views)`.as('n')])
          .where('channel_id', '=', r.channelId)
          .where('hour', '>=', r.start)
          .where('hour', '<', r.end)
          .where(streamIs(r.stream))
          .groupBy('hour')
          .execute(),
        db
          .selectFrom('analytics_watch_hourly')
          .select(['hour', sql<string>`sum(seconds)`.as('n')])
          .where('channel_id', '=', r.channelId)
          .where('hour', '>=', r.start)
          .where('hour', '<', r.end)
          .where(streamIs(r.stream))
          .groupBy('hour')
          .execute(),
        db
          .selectFrom('analytics_events_hourly')
          .select(['hour', 'count as n'])
          .where('channel_id', '=', r.channelId)
          .where('hour', '>=', r.start)
          .where('hour', '<', r.end)
          .where('name', '=', 'visit_page')
          .execute(),
        db
          .selectFrom('analytics_viewers_hourly')
          .select(['hour', sketchText])
          .where('channel_id', '=', r.channelId)
          .where('hour', '>=', r.start)
          .where('hour', '<', r.end)
          .where(streamIs(r.stream))
          .execute(),
      ]);
      const at = (x: { hour: Date }) => new Date(x.hour).getTime();
      return {
        views: views.map((x) => ({ at: at(x), n: num(x.n) })),
        watch: watch.map((x) => ({ at: at(x), n: num(x.n) })),
        visits: visits.map((x) => ({ at: at(x), n: num(x.n) })),
        sketches: sketches.map((x) => ({ at: at(x), sketch: sketchOf(x.sketch) })),
      };
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

    /** Names of the games watched, and their teams. */
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
