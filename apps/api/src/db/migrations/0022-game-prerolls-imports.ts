import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

/*
 * Issue 17, the console's catalogue: a game's own pre-roll choice (the channel's weighted rules,
 * none, or one pre-roll), and the season imports already made, by the id the console chose, so a
 * second submit of the same file creates nothing (the games it made are listed).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `alter table events add column preroll_mode text not null default 'auto'
       check (preroll_mode in ('auto', 'none', 'chosen'));
     alter table events add column preroll_id int references prerolls(id) on delete set null;
     create table game_imports (
       channel_id int not null references channels(id) on delete cascade,
       import_id uuid not null,
       csv_sha256 bytea not null,
       event_ids int[] not null,
       created_by int,
       created_at timestamptz not null default now(),
       primary key (channel_id, import_id)
     );`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `drop table if exists game_imports;
     alter table events drop column preroll_id;
     alter table events drop column preroll_mode;`,
  );
}
