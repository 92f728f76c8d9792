import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

/*
 * A game the operator takes off the site without deleting it (issue 17): viewers' listings, the
 * event page and playback see only published games; the console sees all. Existing games stay
 * published.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `alter table events add column published boolean not null default true;`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(db, `alter table events drop column published;`);
}
