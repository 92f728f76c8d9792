import { ConfigError, type Config } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { buildDatalakeApp } from './datalake-app.js';
import { closeGracefully, lateLog, startProcess } from './lib/process-lifecycle.js';

/**
 * The datalake as its own process. It shares the application's PostgreSQL (the dashboard reads
 * the rollups it writes), so it needs DATABASE_URL: the embedded database admits one process,
 * and the one-process default already serves /datalake/ itself.
 */
async function main(config: Config) {
  if (!config.DATABASE_URL) {
    throw new ConfigError([
      'The datalake runs on its own only with DATABASE_URL (the PostgreSQL of the API): the embedded database admits one process, and `npm start` already serves /datalake/.',
    ]);
  }
  const poolLog = lateLog();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: '',
    log: poolLog,
  });
  await migrateToLatest(database.db);
  const app = await buildDatalakeApp({ config, db: database.db });
  poolLog.attach(app.log);
  closeGracefully({ config, log: app.log }, async () => {
    // Stops accepting, then writes every accepted row (onClose) before the database goes.
    await app.close();
    await database.close();
  });
  await app.listen({ host: config.HOST, port: config.DATALAKE_PORT });
}

await startProcess(import.meta.url, main);
