import path from 'node:path';
import type { Config } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { closeGracefully, startProcess } from '../lib/process-lifecycle.js';
import { processLogger } from '../plugins/request-log.js';
import { listenLiveIngest, startWorker } from './worker.js';

/**
 * The worker alone (no HTTP): for deployments that run servers with WORKER=false and one or more
 * of these beside them on the same database and MEDIA_DIR. `npm start` needs none of this: its
 * single process runs the worker too. Logs through pino like the server (JSON in production).
 */
async function main(config: Config) {
  const log = processLogger(config);
  // The RTMP port first: a publisher reconnecting to this restart waits here rather than being
  // refused while the database, the queue and the handlers come up.
  const ingest = await listenLiveIngest(config, log);
  const dataDir = path.resolve(config.repoRoot, config.DATA_DIR);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir, log });
  await migrateToLatest(database.db);
  const worker = await startWorker({ config, database, log, ingest });
  // SIGTERM: running jobs finish within SHUTDOWN_TIMEOUT_MS (cut-short ones are retried later).
  closeGracefully({ config, log, onDeadline: () => worker.kill() }, async () => {
    await worker.stop();
    await database.close();
  });
  log.info({ database: database.kind }, 'worker running');
}

await startProcess(import.meta.url, main);
