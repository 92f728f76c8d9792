import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

/*
 * A white-label channel lives on its own domain: links in its mails and its OAuth redirect URIs
 * are built from this origin (e.g. https://watch.league.example), never from the request's Host
 * header. Null: the deployment's PUBLIC_URL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    alter table channels add column public_origin text
      check (public_origin ~ '^https?://[^/?#\\s]+$');
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(db, `alter table channels drop column public_origin;`);
}
