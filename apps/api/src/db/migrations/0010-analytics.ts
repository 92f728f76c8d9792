import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

/*
 * Analytics (spec section 7's datalake) and the channel-admin role.
 *
 * - users.role: 'admin' opens /admin and /api/admin/* for the user's own channel. A role, not a
 *   capability: capabilities come from purchases, this does not.
 * - analytics_raw: every accepted datalake call, append-only, partitioned by day of arrival (UTC)
 *   so retention drops whole partitions instead of deleting rows. Partitions are created by the
 *   ingest ahead of the rows (there is no default partition: a row for a missing day must fail
 *   loudly rather than land where no retention reaches it). No indexes: nothing reads raw rows
 *   on a request path; the rollups below are written in the same transaction as the rows.
 * - analytics_*_hourly: per channel and UTC hour (views, unique viewers, watch time, first-frame
 *   times, events, pages): a day's figures hour by hour. Unique viewers are HyperLogLog sketches
 *   (bytea) so a range's viewers are a merge, not a distinct count.
 * - analytics_daily_*: the same per channel and day of the channel's time zone, so a month's
 *   dashboard reads about thirty rows per game instead of seven hundred.
 * - analytics_presence: one row per video view with its last heartbeat ("viewers now").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    alter table users add column role text not null default 'viewer'
      check (role in ('viewer', 'admin'));
    create index users_admins on users (channel_id) where role = 'admin';

    create table analytics_raw (
      received_at timestamptz not null,
      channel_id integer not null,
      kind smallint not null,
      name text,
      session_uuid text,
      video_view_uuid uuid,
      user_id integer,
      stream_id integer,
      stream_type text,
      value double precision,
      data jsonb not null
    ) partition by range (received_at);

    create table analytics_views_hourly (
      channel_id integer not null references channels(id) on delete cascade,
      hour timestamptz not null,
      stream_type text not null,
      stream_id integer not null,
      views integer not null,
      primary key (channel_id, hour, stream_type, stream_id)
    );

    create table analytics_watch_hourly (
      channel_id integer not null references channels(id) on delete cascade,
      hour timestamptz not null,
      stream_type text not null,
      stream_id integer not null,
      category text not null,
      sport text not null,
      school text not null,
      seconds double precision not null,
      primary key (channel_id, hour, stream_type, stream_id, category, sport, school)
    );

    create table analytics_first_frame_hourly (
      channel_id integer not null references channels(id) on delete cascade,
      hour timestamptz not null,
      stream_type text not null,
      bucket smallint not null,
      samples integer not null,
      primary key (channel_id, hour, stream_type, bucket)
    );

    create table analytics_viewers_hourly (
      channel_id integer not null references channels(id) on delete cascade,
      hour timestamptz not null,
      stream_type text not null,
      sketch bytea not null,
      primary key (channel_id, hour, stream_type)
    );

    create table analytics_events_hourly (
      channel_id integer not null references channels(id) on delete cascade,
      hour timestamptz not null,
      name text not null,
      count integer not null,
      primary key (channel_id, hour, name)
    );

    create table analytics_pages_hourly (
      channel_id integer not null references channels(id) on delete cascade,
      hour timestamptz not null,
      path text not null,
      visits integer not null,
      primary key (channel_id, hour, path)
    );

    create table analytics_daily_streams (
      channel_id integer not null references channels(id) on delete cascade,
      day date not null,
      stream_type text not null,
      stream_id integer not null,
      views integer not null,
      seconds double precision not null,
      primary key (channel_id, day, stream_type, stream_id)
    );

    create table analytics_daily_dims (
      channel_id integer not null references channels(id) on delete cascade,
      day date not null,
      stream_type text not null,
      dim text not null check (dim in ('category', 'sport', 'school')),
      value text not null,
      seconds double precision not null,
      primary key (channel_id, day, stream_type, dim, value)
    );

    create table analytics_daily_first_frames (
      channel_id integer not null references channels(id) on delete cascade,
      day date not null,
      stream_type text not null,
      bucket smallint not null,
      samples integer not null,
      primary key (channel_id, day, stream_type, bucket)
    );

    create table analytics_daily_viewers (
      channel_id integer not null references channels(id) on delete cascade,
      day date not null,
      stream_type text not null,
      sketch bytea not null,
      primary key (channel_id, day, stream_type)
    );

    create table analytics_daily_events (
      channel_id integer not null references channels(id) on delete cascade,
      day date not null,
      name text not null,
      count integer not null,
      primary key (channel_id, day, name)
    );

    create table analytics_daily_pages (
      channel_id integer not null references channels(id) on delete cascade,
      day date not null,
      path text not null,
      visits integer not null,
      primary key (channel_id, day, path)
    );

    create table analytics_presence (
      channel_id integer not null references channels(id) on delete cascade,
      video_view_uuid uuid not null,
      stream_type text not null,
      stream_id integer not null,
      last_seen timestamptz not null,
      primary key (channel_id, video_view_uuid)
    );
    create index analytics_presence_recent on analytics_presence (channel_id, last_seen);
    create index orders_paid_by_day on orders (channel_id, created_at) where status = 'paid';
    create index users_by_signup on users (channel_id, created_at);
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    drop index users_by_signup;
    drop index orders_paid_by_day;
    drop table analytics_presence;
    drop table analytics_daily_pages;
    drop table analytics_daily_events;
    drop table analytics_daily_viewers;
    drop table analytics_daily_first_frames;
    drop table analytics_daily_dims;
    drop table analytics_daily_streams;
    drop table analytics_pages_hourly;
    drop table analytics_events_hourly;
    drop table analytics_viewers_hourly;
    drop table analytics_first_frame_hourly;
    drop table analytics_watch_hourly;
    drop table analytics_views_hourly;
    drop table analytics_raw;
    drop index users_admins;
    alter table users drop column role;
    `,
  );
}
