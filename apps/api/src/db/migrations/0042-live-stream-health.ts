import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

/*
 * Issue 34: what the ingest measures of a game's stream while it is live (LiveStreamMeasure:
 * resolution, frame rate, keyframe interval, audio, dropped and late frames), written by the
 * worker each tick and read by the console's stream health; null when off air.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(db, `alter table live_ingest add column stream_health jsonb;`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(db, `alter table live_ingest drop column stream_health;`);
}
