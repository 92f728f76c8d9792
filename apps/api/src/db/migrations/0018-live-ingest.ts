import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

/*
 * RTMP ingest (issue 17): each game's stream key, stored as its SHA-256 only (the key is 256 bits
 * of randomness, so a plain hash cannot be reversed by guessing; the console shows the key once,
 * when it is made), and what the ingest worker last saw of the stream: online since when, at what
 * bitrate. Rotating the key replaces the hash; the worker cuts a publisher whose key is gone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `create table live_ingest (
      event_id integer primary key references events(id) on delete cascade,
      channel_id integer not null references channels(id) on delete cascade,
      key_hash bytea not null,
      key_created_at timestamptz not null default now(),
      online_since timestamptz,
      bitrate_kbps integer,
      seen_at timestamptz
    );
    create index live_ingest_channel on live_ingest (channel_id);`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(db, `drop table live_ingest;`);
}
