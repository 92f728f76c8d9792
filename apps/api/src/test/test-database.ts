import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { migrateToLatest, migrationSources } from '../db/migrate.js';

/*
 * Every API test file gets a fresh, migrated database of its own. Migrating from empty each time
 * was most of the suite's set-up cost (about 1.4 s on PostgreSQL; initdb plus migrations about 8 s
 * on PGlite), so the migrated state is made once per migration set and copied: a template database
 * on the server (CREATE DATABASE … TEMPLATE is a file copy), a data-directory snapshot for PGlite.
 * Both are named by a hash of the migrations, so a changed migration makes a new one.
 */

const migrationsHash = createHash('sha256').update(migrationSources()).digest('hex').slice(0, 12);

/** On a PostgreSQL server, its address too: tests that start other processes give it to them. */
export type TestDatabase = DatabaseHandle & { url?: string };

/**
 * A fresh, migrated database for one test file: a new database on the PostgreSQL server when
 * DATABASE_URL is set (dropped afterwards), otherwise an in-memory PGlite.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return openDatabase({ dataDir: 'memory://', snapshot: await pgliteSnapshot() });

  const template = await ensureTemplate(adminUrl);
  const name = `rudy_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`create database ${name} template ${template}`));
  const url = databaseUrl(adminUrl, name);
  const handle = await openDatabase({ databaseUrl: url, dataDir: '', poolSize: 5 });
  return {
    ...handle,
    url,
    async close() {
      await handle.close();
      await withAdmin(adminUrl, (admin) =>
        admin.query(`drop database if exists ${name} with (force)`),
      );
    },
  };
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(adminUrl: string, fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

/**
 * The migrated template on the server, built once by whichever test worker gets there first (an
 * advisory lock makes the others wait). It is built under a temporary name and renamed when
 * complete, so a crashed build never leaves a half-migrated template behind.
 */
async function ensureTemplate(adminUrl: string): Promise<string> {
  const template = `rudy_tmpl_${migrationsHash}`;
  return withAdmin(adminUrl, async (admin) => {
    await admin.query('select pg_advisory_lock(hashtext($1))', [template]);
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [template]);
      if (found.rowCount) return template;
      const building = `${template}_${randomBytes(4).toString('hex')}`;
      await admin.query(`create database ${building}`);
      const handle = await openDatabase({
        databaseUrl: databaseUrl(adminUrl, building),
        dataDir: '',
      });
      try {
        await migrateToLatest(handle.db);
      } finally {
        await handle.close();
      }
      await admin.query(`alter database ${building} rename to ${template}`);
      return template;
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [template]);
    }
  });
}

let snapshot: Promise<Blob> | undefined;

/** A migrated PGlite data directory, cached on disk for the suite's other workers and runs. */
function pgliteSnapshot(): Promise<Blob> {
  snapshot ??= (async () => {
    // A snapshot is only read back by the PGlite build that wrote it.
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    const manifest = path.join(path.dirname(entry), '..', 'package.json');
    const { version } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string };
    const file = path.join(os.tmpdir(), `rudy-pglite-${version}-${migrationsHash}.tar`);
    if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
    const handle = await openDatabase({ dataDir: 'memory://' });
    try {
      await migrateToLatest(handle.db);
      if (!handle.pglite) throw new Error('an in-memory database is PGlite');
      const dump = await handle.pglite.dumpDataDir('none');
      const bytes = Buffer.from(await dump.arrayBuffer());
      // Written aside and renamed: a concurrent reader never sees half a file.
      const partial = `${file}.${process.pid}`;
      fs.writeFileSync(partial, bytes);
      fs.renameSync(partial, file);
      return new Blob([bytes]);
    } finally {
      await handle.close();
    }
  })();
  return snapshot;
}
