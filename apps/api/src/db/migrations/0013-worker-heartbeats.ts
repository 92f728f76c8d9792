import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

/*
 * One row per running job worker, its beat renewed every few seconds with the database's clock
 * (`now()`, so servers with skewed clocks agree). /api/ready reads it to tell a proxy whether a
 * worker is alive; a worker that stops cleanly deletes its row, one that died leaves a stale beat.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    create table worker_heartbeats (
      worker_id text primary key,
      host text not null,
      pid integer not null,
      started_at timestamptz not null default now(),
      beat_at timestamptz not null default now()
    );
    create index worker_heartbeats_beat_at on worker_heartbeats (beat_at);
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(db, `drop table worker_heartbeats;`);
}
