import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { buildDatalakeApp } from './datalake-app.js';

/**
 * The datalake as its own process. It shares the application's PostgreSQL (the dashboard reads
 * the rollups it writes), so it needs DATABASE_URL: the embedded database admits one process,
 * and the one-process default already serves /datalake/ itself.
 */
async function main() {
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    throw new Error(
      'The datalake runs on its own only with DATABASE_URL (the PostgreSQL of the API): the embedded database admits one process, and `npm start` already serves /datalake/.',
    );
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: '' });
  await migrateToLatest(database.db);
  const app = await buildDatalakeApp({ config, db: database.db });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'datalake shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    // Stops accepting, then writes every accepted row (onClose) before the database goes.
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ host: config.HOST, port: config.DATALAKE_PORT });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
