import path from 'node:path';
import { buildApp } from './app.js';
import { fallbackOrigin, type Config } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemoChannel } from './db/seed/demo-channel.js';
import { ensureDemoAdmin } from './db/seed/demo-admin.js';
import { loadAppSecret } from './lib/app-secret.js';
import { createAppSecretsRepository } from './lib/app-secrets.repository.js';
import { createChannelRepository } from './modules/channel/channel.repository.js';
import { closeGracefully, lateLog, startProcess } from './lib/process-lifecycle.js';
import { startWorker, type Worker } from './jobs/worker.js';

/**
 * One process: HTTP server and (WORKER=true) the job worker. Migrates at start-up and, in
 * development, seeds the demo channel into an empty database.
 */
async function main(config: Config) {
  const dataDir = path.resolve(config.repoRoot, config.DATA_DIR);
  // Pool errors go to the server's logger once it exists (the pool reconnects by itself).
  const poolLog = lateLog();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir,
    log: poolLog,
  });
  await migrateToLatest(database.db);
  if (config.SEED_ON_EMPTY) {
    const hasChannel = await createChannelRepository(database.db).hasAnyChannel();
    if (!hasChannel) await seedDemoChannel(database.db);
  }

  // The demo's operator account (never in production: a channel there gets its admins on purpose).
  const demoAdmin =
    config.NODE_ENV === 'production'
      ? null
      : await ensureDemoAdmin(
          database.db,
          await loadAppSecret(createAppSecretsRepository(database.db), config.APP_SECRET),
        );

  const app = await buildApp({ config, db: database.db });
  poolLog.attach(app.log);
  let worker: Worker | undefined;
  closeGracefully({ config, log: app.log, onDeadline: () => worker?.kill() }, async () => {
    // The server stops accepting and drains its requests while the worker finishes its current
    // jobs (live encoders stop first; their games resume on the next start); the buffered
    // analytics rows are written by app.close(); the database goes last.
    await Promise.all([app.close(), worker?.stop()]);
    await database.close();
  });

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
  // Not a log line: the person who started the demo reads it (production prints no secrets).
  process.stdout.write(
    `\n  Rudy streaming is running: ${url}\n  API docs: ${url}/api/docs\n${outbox}${admin}\n`,
  );
}

await startProcess(import.meta.url, main);
