import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

/*
 * A game's schedule version, for calendar feeds (issue 33): a calendar app replaces its copy of a
 * VEVENT only when SEQUENCE grows and LAST-MODIFIED moves. A trigger keeps both, so every writer
 * (the console, the import, the demo seed) moves a game the same way without knowing of feeds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    alter table events
      add column schedule_sequence integer not null default 0,
      add column schedule_updated_at timestamptz not null default now();
    create function events_schedule_version() returns trigger language plpgsql as $$ begin if (new.event_utc_ts, new.duration_minutes, new.time_zone, new.name, new.location_id, new.published) is distinct from (old.event_utc_ts, old.duration_minutes, old.time_zone, old.name, old.location_id, old.published) then new.schedule_sequence := old.schedule_sequence + 1; new.schedule_updated_at := now(); end if; return new; end $$;
    create trigger events_schedule_version before update on events for each row execute function events_schedule_version()
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    drop trigger if exists events_schedule_version on events;
    drop function if exists events_schedule_version();
    alter table events drop column schedule_sequence, drop column schedule_updated_at
    `,
  );
}
