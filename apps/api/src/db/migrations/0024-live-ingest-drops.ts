import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

/*
 * Issue 28: the last time the ingest dropped or refused a game's publisher, and why (a reason code
 * from LIVE_DROP_REASONS, never the key), so the console can say why a stream went off air.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `alter table live_ingest add column last_drop_reason text;
     alter table live_ingest add column last_drop_at timestamptz;`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `alter table live_ingest drop column last_drop_at;
     alter table live_ingest drop column last_drop_reason;`,
  );
}
