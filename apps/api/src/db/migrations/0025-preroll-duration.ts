import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

/*
 * A pre-roll's length as the server knows it (issue 31): the player ends the ad after it (plus a
 * margin) even when the browser never reports the end, and offers Skip from it rather than from
 * the element's duration, which WebKit may misreport. Null: not known (a media host's file); the
 * client then bounds the ad with its own cap.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `alter table prerolls add column duration_seconds real check (duration_seconds > 0);`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(db, `alter table prerolls drop column duration_seconds;`);
}
