import path from 'node:path';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import type { WorkerLog } from './job-runner.js';
import { startWorker } from './worker.js';

/**
 * The worker alone (no HTTP): for deployments that run servers with WORKER=false and one or more
 * of these beside them on the same database and MEDIA_DIR. `npm start` needs none of this: its
 * single process runs the worker too.
 */
/** One JSON line per entry, like the server's pino output. */
function jsonLog(silent: boolean): WorkerLog {
  const line = (level: number, obj: object, msg: string) => {
    if (silent) return;
    const err = (obj as { err?: unknown }).err;
    const entry = {
      level,
      time: Date.now(),
      msg,
      ...obj,
      ...(err instanceof Error ? { err: { message: err.message, stack: err.stack } } : {}),
    };
    process.stdout.write(`${JSON.stringify(entry)}\n`);
  };
  return { info: (obj, msg) => line(30, obj, msg), error: (obj, msg) => line(50, obj, msg) };
}

async function main() {
  const config = loadConfig();
  const log = jsonLog(config.LOG_LEVEL === 'silent');
  const dataDir = path.resolve(config.repoRoot, config.DATA_DIR);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir });
  await migrateToLatest(database.db);
  const worker = await startWorker({ config, database, log });
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await worker.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  log.info({ database: database.kind }, 'worker running');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
