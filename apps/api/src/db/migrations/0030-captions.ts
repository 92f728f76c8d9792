import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

/*
 * Captions (issue 31): one WebVTT file per language for a replay (an event), a library video or a
 * clip, uploaded in the console. The file sits in the media store under the subject's folder
 * (storage_key, named by its content so a replaced file is a new URL); the master playlist lists
 * it as an HLS subtitle rendition. The subject has no foreign key (it is one of three tables): a
 * deleted subject's captions are removed with its media, and a row naming nothing is never served
 * (the media token names the subject).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `create table captions (
      id serial primary key,
      channel_id int not null references channels(id) on delete cascade,
      subject text not null check (subject in ('event', 'vod', 'clip')),
      subject_id int not null,
      lang text not null check (lang in ('en', 'fr')),
      storage_key text not null,
      size_bytes int not null check (size_bytes > 0),
      cue_count int not null check (cue_count > 0),
      duration_seconds real not null check (duration_seconds > 0),
      updated_by int references users(id) on delete set null,
      updated_at timestamptz not null default now(),
      unique (channel_id, subject, subject_id, lang)
    );`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(db, `drop table captions;`);
}
