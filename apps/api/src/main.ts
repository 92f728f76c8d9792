import path from 'node:path';
import { buildApp } from './app.js';
import { fallbackOrigin, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemoChannel } from './db/seed/demo-channel.js';
import { ensureDemoAdmin } from './db/seed/demo-admin.js';
import { loadAppSecret } from './lib/app-secret.js';
import { startWorker, type Worker } from './jobs/worker.js';

/**
 * One process: HTTP server (and, from the playback issue on, the job worker). Migrates at start-up
 * and seeds the demo channel into an empty database.
 */
async function main() {
  const config = loadConfig();
  const dataDir = path.resolve(config.repoRoot, config.DATA_DIR);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir });
  await migrateToLatest(database.db);
  if (config.SEED_ON_EMPTY) {
    const hasChannel = await database.db
      .selectFrom('channels')
      .select('id')
      .limit(1)
      .executeTakeFirst();
    if (!hasChannel) await seedDemoChannel(database.db);
  }

  // The demo's operator account (never in production: a channel there gets its admins on purpose).
  const demoAdmin =
    config.NODE_ENV === 'production'
      ? null
      : await ensureDemoAdmin(database.db, await loadAppSecret(database.db, config.APP_SECRET));

  const app = await buildApp({ config, db: database.db });
  let worker: Worker | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop accepting, let in-flight requests finish, then release the database.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    // Live encoders stop first (their games resume on the next start), then queued jobs.
    await worker?.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  if (config.WORKER) worker = await startWorker({ config, database, log: app.log });
  const url = fallbackOrigin(config);
  app.log.info(`database: ${database.kind}${database.kind === 'pglite' ? ` in ${dataDir}` : ''}`);
  // The outbox key goes to this terminal only (stdout, not the log): whoever reads it can read mail.
  const outbox = app.devOutboxToken
    ? `  Dev outbox (mail stays here, only on this machine): ${url}/dev/outbox?token=${app.devOutboxToken}\n`
    : '';
  // The admin's password likewise goes to this terminal only.
  const admin = demoAdmin
    ? `  Channel admin (dashboard at ${url}/admin): ${demoAdmin.email} / ${demoAdmin.password ?? '(password changed)'}\n`
    : '';
  console.log(
    `\n  Rudy streaming is running: ${url}\n  API docs: ${url}/api/docs\n${outbox}${admin}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
