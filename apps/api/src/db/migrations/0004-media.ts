import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

/*
 * Playback: media rows produced by the pipeline are unique per event, kind and storage key, so a
 * re-run job upserts instead of duplicating. A live encoder holds a lease on its live media row
 * (owner + expiry), so with several workers only one encodes a game and a dead worker's game is
 * taken over once the lease lapses. Pre-roll suppression and counted downloads get their tables.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    alter table event_media add column lease_owner text;
    alter table event_media add column lease_until timestamptz;
    alter table event_media add column updated_at timestamptz not null default now();
    create unique index event_media_event_kind_key on event_media (event_id, kind, storage_key);
    create index event_media_live on event_media (kind, status) where status in ('pending', 'live');

    create table preroll_views (
      channel_id int not null references channels(id) on delete cascade,
      viewer text not null,
      event_id int not null references events(id) on delete cascade,
      preroll_id int not null references prerolls(id) on delete cascade,
      suppressed_until timestamptz not null,
      primary key (channel_id, viewer, event_id, preroll_id)
    );
    create index preroll_views_expiry on preroll_views (suppressed_until);

    create table media_downloads (
      id serial primary key,
      channel_id int not null references channels(id) on delete cascade,
      user_id int not null references users(id) on delete cascade,
      event_id int not null references events(id) on delete cascade,
      created_at timestamptz not null default now(),
      unique (user_id, event_id)
    )
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    drop table if exists media_downloads, preroll_views;
    drop index if exists event_media_live;
    drop index if exists event_media_event_kind_key;
    alter table event_media drop column if exists updated_at;
    alter table event_media drop column if exists lease_until;
    alter table event_media drop column if exists lease_owner
  `,
  );
}
