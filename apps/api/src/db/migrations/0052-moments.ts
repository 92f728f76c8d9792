import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

/*
 * Key moments (issue 35): one list per game of times worth jumping to. 'detected' ones come from
 * the crowd-loudness job (created_by null), 'marked' ones from the operator's console. The
 * operator may edit a detected moment (updated_by is then set and a new detection run keeps it)
 * or remove it: a removed detected moment stays as a tombstone (removed_at), so the next run of
 * the detector does not bring it back; a marked one is deleted outright.
 *
 * moment_detections says which video of a game the detector last ran on (its VOD row's
 * updated_at): a worker's start queues the job for every ready replay it has not seen, so a
 * detection lost with its worker, or a replay older than the feature, gets one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `create table moments (
      id serial primary key,
      channel_id int not null references channels(id) on delete cascade,
      event_id int not null references events(id) on delete cascade,
      at_seconds real not null check (at_seconds >= 0),
      kind text not null check (kind in ('detected', 'marked')),
      label text check (char_length(label) between 1 and 40),
      confidence real not null check (confidence between 0 and 1),
      created_by int references users(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_by int references users(id) on delete set null,
      updated_at timestamptz not null default now(),
      removed_at timestamptz
    );
    create index moments_event on moments (event_id, at_seconds);
    create table moment_detections (
      event_id int primary key references events(id) on delete cascade,
      channel_id int not null references channels(id) on delete cascade,
      video_updated_at timestamptz not null,
      audio_seconds real not null,
      found int not null,
      detected_at timestamptz not null default now()
    );`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(db, `drop table moment_detections; drop table moments;`);
}
