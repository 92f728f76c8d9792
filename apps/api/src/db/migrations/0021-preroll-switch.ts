import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

/*
 * A pre-roll the operator switches off without deleting it (issue 17, console commerce): it keeps
 * its weight and targeting for when it is switched on again, and is never chosen meanwhile.
 * Existing pre-rolls stay on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `alter table prerolls add column disabled boolean not null default false;`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(db, `alter table prerolls drop column disabled;`);
}
