import { sql } from 'kysely';
import type { AnalyticsStreamFilter } from '@rudy/contracts';
import type { DB } from '../../db/database.js';
import type { Database, I18nText } from '../../db/schema.js';

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

/** What a range of days shows, as the one statement of `overview` returns it (JSON). */
interface OverviewRow {
  streams: {
    day: string | null;
    stream_type: string | null;
    stream_id: number | null;
    views: number;
    seconds: number;
  }[];
  dims: { dim: string; value: string; seconds: number }[];
  first_frames: { bucket: number; samples: number }[];
  sketches: { day: string; sketch: string }[];
  events: { day: string; name: string; count: number }[];
  pages: { path: string; visits: number }[];
  signups: number;
  revenue: { currency: Database['orders']['currency']; amount_cents: number; orders: number }[];
  games: { id: number; name: I18nText }[];
  teams: { event_id: number; id: number; name: string; short_name: string; is_home: boolean }[];
}

/** A subquery's rows as one JSON array (empty when none). */
const jsonRows = (query: ReturnType<typeof sql>) =>
  sql`(select coalesce(json_agg(x), '[]') from (${query}) x)`;

/**
 * SQL only: what the dashboard reads. A range of days comes from the daily rollups (a handful of
 * rows per game and day), a single day's hours from the hourly ones; sign-ups and revenue from
 * the app's own tables. Every query is bounded by channel and period on a primary key.
 */
export function createDashboardRepository(db: DB) {
  return {
    /**
     * Everything a range of days shows, in one statement (each query on the embedded database is
     * a round trip through its protocol; eleven of them were a good part of the answer's time):
     * views and watch time per day and per game in one pass over the largest daily table
     * (grouping sets), the games' names and teams, watch time by dimension, first-frame
     * histogram, viewer sketches (base64), events, top pages, sign-ups and revenue.
     */
    async overview(r: Range, top: number) {
      const days = sql`channel_id = ${r.channelId} and day >= ${r.from}::date and day <= ${r.to}::date`;
      const period = sql`channel_id = ${r.channelId} and created_at >= ${r.start} and created_at < ${r.end}`;
      const stream = streamIs(r.stream);
      const { rows } = await sql<OverviewRow>`
        with streams as (
          select day::text as day, stream_type, stream_id,
            sum(views)::float8 as views, sum(seconds)::float8 as seconds
          from analytics_daily_streams
          where ${days} and ${stream}
          group by grouping sets ((day), (stream_type, stream_id))
        ),
        games as (
          select distinct stream_id as id from streams where day is null and stream_type <> 'clip'
        )
        select
          ${jsonRows(sql`select * from streams`)} as streams,
          ${jsonRows(sql`
            select dim, value, sum(seconds)::float8 as seconds from analytics_daily_dims
            where ${days} and ${stream} group by dim, value`)} as dims,
          ${jsonRows(sql`
            select bucket, sum(samples)::float8 as samples from analytics_daily_first_frames
            where ${days} and ${stream} group by bucket`)} as first_frames,
          ${jsonRows(sql`
            select day::text as day, encode(sketch, 'base64') as sketch from analytics_daily_viewers
            where ${days} and ${stream}`)} as sketches,
          ${jsonRows(sql`
            select day::text as day, name, count::float8 as count from analytics_daily_events
            where ${days}`)} as events,
          ${jsonRows(sql`
            select path, sum(visits)::float8 as visits from analytics_daily_pages
            where ${days} group by path order by sum(visits) desc, path limit ${top}`)} as pages,
          (select count(*)::float8 from users where ${period}) as signups,
          ${jsonRows(sql`
            select currency, sum(amount_cents)::float8 as amount_cents, count(*)::float8 as orders
            from orders where ${period} and status = 'paid'
            group by currency order by currency`)} as revenue,
          ${jsonRows(sql`
            select e.id, e.name from events e join games g on g.id = e.id
            where e.channel_id = ${r.channelId}`)} as games,
          ${jsonRows(sql`
            select ep.event_id, p.id, p.name, p.short_name, ep.is_home
            from event_participants ep
            join participants p on p.id = ep.participant_id
            join games g on g.id = ep.event_id
            where p.channel_id = ${r.channelId}`)} as teams
      `.execute(db);
      const row = rows[0];
      if (!row) throw new Error('the dashboard overview returned no row');
      const byDay: { day: string; views: number; seconds: number }[] = [];
      const byStream: { stream_type: string; stream_id: number; views: number; seconds: number }[] =
        [];
      for (const x of row.streams) {
        const figures = { views: num(x.views), seconds: num(x.seconds) };
        if (x.day !== null) byDay.push({ day: x.day, ...figures });
        else if (x.stream_type !== null && x.stream_id !== null) {
          byStream.push({ stream_type: x.stream_type, stream_id: x.stream_id, ...figures });
        }
      }
      return {
        byDay,
        byStream,
        dims: row.dims,
        histogram: new Map(row.first_frames.map((x) => [x.bucket, num(x.samples)])),
        sketches: row.sketches.map((x) => ({ day: x.day, sketch: sketchOf(x.sketch) })),
        events: row.events,
        pages: row.pages,
        signups: num(row.signups),
        revenue: row.revenue,
        games: row.games,
        teams: row.teams,
      };
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
