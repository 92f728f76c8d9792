import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { prepareMarkedStatements } from './prepared.js';
import type { Database } from './schema.js';

export type DB = Kysely<Database>;

export interface DatabaseHandle {
  db: DB;
  kind: 'postgres' | 'pglite';
  /** The embedded database itself (pg-boss runs its SQL through it); unset on a PostgreSQL server. */
  pglite?: PGlite;
  close(): Promise<void>;
}

/** How long a query waits for a connection to the server. */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * PostgreSQL server when DATABASE_URL is set; otherwise PGlite (PostgreSQL compiled to WASM) stored
 * under dataDir, or in memory when dataDir is 'memory://'. The same SQL runs on both.
 */

export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string;
  poolSize?: number;
  /** In-memory PGlite only: start from this data directory snapshot (`dumpDataDir`) instead of an empty one. */
  snapshot?: Blob;
  /** Where a dropped connection is reported (the process's pino logger). */
  log?: { warn(obj: object, msg: string): void };
}): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      // A server that does not answer (network gone, host down) fails the request (503) rather
      // than holding it; waiting for a free connection is bounded the same way.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    // An idle connection dropped by the server (restart, failover) must not crash the process; the
    // pool replaces it on next use.
    const lost = (error: Error) => {
      opts.log?.warn({ err: error }, 'database connection lost (the pool reconnects)');
    };
    pool.on('error', lost);
    // A connection in use (between the statements of a transaction) that the server drops reports
    // on the client, not the pool: unheard, that error would end the process. The statement in
    // flight fails by itself and the pool discards the client.
    pool.on('connect', (client) => {
      client.on('error', lost);
      // The planner's default (4) prices a page as if read from a spinning disk; this database
      // lives in RAM or on SSD. At 4 it chose a full scan of the VOD library over its GIN index
      // for a two-word search (13 ms against 2); 1.1 is the usual figure for SSD (docs/scaling.md).
      // Queued before the connection's first query.
      void client.query('set random_page_cost = 1.1').catch(lost);
      // The search's statements run prepared on each connection (prepared.ts).
      prepareMarkedStatements(client);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  // Loaded lazily: deployments on a PostgreSQL server never pay for the WASM build.
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGliteDialect } = await import('kysely-pglite-dialect');
  // Contrib extensions ship with PGlite but must be loaded at every open; the VOD library's search
  // (migration 0009) needs trigrams and unaccent.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const dir = opts.dataDir === 'memory://' ? undefined : path.resolve(opts.dataDir, 'pglite');
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const options = {
    extensions: { pg_trgm, unaccent },
    ...(opts.snapshot && !dir ? { loadDataDir: opts.snapshot } : {}),
  };
  const pglite = dir ? await PGlite.create(dir, options) : await PGlite.create(options);
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    kind: 'pglite',
    pglite,
    close: async () => {
      // Already closed (by its owner, or a test making the database unavailable): nothing to do.
      if (pglite.closed) return;
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}
