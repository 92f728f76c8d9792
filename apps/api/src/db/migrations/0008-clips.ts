import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

/*
 * Clips are cut by a job from a rendition of the game's HLS (the VOD, or the live recording while
 * the game is on): the request records which playlist and whether it has sound, so the job cuts
 * exactly what the viewer saw when they asked. A failed cut keeps its reason (not shown to the
 * viewer). Files live under c<channel>/clips/<id>/.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    alter table clips add column source_key text;
    alter table clips add column has_audio boolean not null default true;
    alter table clips add column error text;
    alter table clips add column ready_at timestamptz;
    alter table clips add column size_bytes bigint;
    alter table clips alter column start_time type numeric(12, 3);
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    alter table clips drop column source_key;
    alter table clips drop column has_audio;
    alter table clips drop column error;
    alter table clips drop column ready_at;
    alter table clips drop column size_bytes;
    `,
  );
}
