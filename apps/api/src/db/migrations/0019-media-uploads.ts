import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

/*
 * The console's uploads (issue 17): one row per resumable upload of a game's or a library video's
 * source, kept after the file is received as the transcode job's state (status, progress, error)
 * that the console shows and retries. `offset_bytes` is what the API host holds on disk; the
 * conditional update on it is what keeps two chunks at one offset from both counting.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    create table media_uploads (
      id uuid primary key default gen_random_uuid(),
      channel_id integer not null references channels(id) on delete cascade,
      event_id integer references events(id) on delete cascade,
      vod_item_id integer references vod_media_items(id) on delete cascade,
      file_name text not null,
      content_type text not null,
      size_bytes bigint not null check (size_bytes > 0),
      offset_bytes bigint not null default 0 check (offset_bytes between 0 and size_bytes),
      status text not null default 'uploading'
        check (status in ('uploading', 'queued', 'processing', 'ready', 'error', 'expired')),
      progress real not null default 0,
      error text,
      created_by integer,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check ((event_id is null) <> (vod_item_id is null))
    );
    create index media_uploads_event on media_uploads (event_id, created_at desc);
    create index media_uploads_vod_item on media_uploads (vod_item_id, created_at desc);
    create index media_uploads_uploading on media_uploads (updated_at) where status = 'uploading';
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(db, `drop table media_uploads;`);
}
