import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

/*
 * Indexes behind every filter and sort of the catalogue listings (GET /events, /participants,
 * /favorites). Each listing orders by a column and then by id, so the ordering indexes end in id and
 * a page is read straight off the index. Search uses word-prefix full-text queries ('simple'
 * configuration: no stemming, works for names in any language), so the GIN indexes are on exactly
 * the expressions the repositories query.
 *
 * Events also get an upper bound on their duration: it lets "live now" be a short index range
 * (started within the last day) instead of a scan of every past event.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    alter table events add constraint events_duration_max check (duration_minutes <= 1440);

    create index events_channel_time_id on events (channel_id, event_utc_ts, id);
    drop index if exists events_channel_time;
    create index events_channel_name_en on events (channel_id, (coalesce(name->>'en', name->>'fr')), id);
    create index events_channel_name_fr on events (channel_id, (coalesce(name->>'fr', name->>'en')), id);
    create index events_search on events using gin (to_tsvector('simple', coalesce(name->>'en', '') || ' ' || coalesce(name->>'fr', '')));

    create index participants_channel_name on participants (channel_id, name, id);
    create index participants_channel_sport on participants (channel_id, sport);
    create index participants_channel_gender on participants (channel_id, gender);
    create index participants_channel_division on participants (channel_id, division);
    create index participants_channel_league on participants (channel_id, league);
    create index participants_parent on participants (parent_id) where parent_id is not null;
    create index participants_search on participants using gin (to_tsvector('simple', name || ' ' || short_name));

    create index clips_event_success on clips (channel_id, event_id) where status = 'success';

    create index favorites_user_list on favorites (channel_id, user_id, id)
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    drop index if exists favorites_user_list;
    drop index if exists clips_event_success;
    drop index if exists participants_search;
    drop index if exists participants_parent;
    drop index if exists participants_channel_league;
    drop index if exists participants_channel_division;
    drop index if exists participants_channel_gender;
    drop index if exists participants_channel_sport;
    drop index if exists participants_channel_name;
    drop index if exists events_search;
    drop index if exists events_channel_name_fr;
    drop index if exists events_channel_name_en;
    create index if not exists events_channel_time on events (channel_id, event_utc_ts);
    drop index if exists events_channel_time_id;
    alter table events drop constraint if exists events_duration_max
  `,
  );
}
