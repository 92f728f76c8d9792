import { sql, type Kysely } from 'kysely';

/** Runs a block of SQL statements one by one (PGlite's extended protocol takes one at a time). */
export async function execStatements(db: Kysely<unknown>, block: string): Promise<void> {
  const statements = block
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.trim())
    .filter(Boolean);
  for (const statement of statements) await sql.raw(statement).execute(db);
}
