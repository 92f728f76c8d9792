import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

/*
 * A season's recurring games (issue 34): a series says "every Friday at 19:00 from January to
 * March, home against this opponent"; its games are ordinary events pointing back at it, each
 * with the day the series gave it (series_day: a game moved on its own keeps its place, so a
 * change to the series never makes a second game for that day). A game
 * edited on its own is marked detached so a later change to the series leaves it alone unless
 * the operator asks. Dates are ISO 'YYYY-MM-DD' text: they sort as dates and no driver shifts
 * them into a time zone. Deleting a series keeps the games already played (series_id goes null).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    create table game_series (
      id serial primary key,
      channel_id integer not null references channels(id) on delete cascade,
      name jsonb not null,
      weekdays smallint[] not null,
      start_time text not null,
      first_date text not null check (first_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      last_date text not null check (last_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      time_zone text not null,
      duration_minutes integer not null,
      home_team_id integer not null references participants(id) on delete cascade,
      away_team_id integer not null references participants(id) on delete cascade,
      event_category_id integer references event_categories(id) on delete set null,
      location_id integer references locations(id) on delete set null,
      access_type text not null,
      price_cents integer,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (last_date >= first_date)
    );
    create index game_series_channel on game_series (channel_id, first_date);
    create unique index game_series_same_games on game_series
      (channel_id, home_team_id, away_team_id, first_date, start_time, weekdays);
    alter table events
      add column series_id integer references game_series(id) on delete set null,
      add column series_day text,
      add column series_detached boolean not null default false;
    create index events_series on events (series_id) where series_id is not null
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    alter table events drop column series_id, drop column series_day, drop column series_detached;
    drop table game_series
    `,
  );
}
