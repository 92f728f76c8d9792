import type { AddressInfo } from 'node:net';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config.js';
import { openDatabase, type DB } from '../apps/api/src/db/database.js';
import { migrateToLatest } from '../apps/api/src/db/migrate.js';
import { seedDemoChannel } from '../apps/api/src/db/seed/demo-channel.js';

/**
 * The real server on a free port: PostgreSQL at BENCH_DATABASE_URL when set, else PGlite on disk
 * under BENCH_PGLITE_DIR when set (as `npm start` runs it; the directory should be new), else
 * in-memory PGlite.
 */
export async function serveApp(
  opts: { seed?: (db: DB) => Promise<unknown>; env?: Record<string, string> } = {},
) {
  const database = await openDatabase({
    databaseUrl: process.env.BENCH_DATABASE_URL,
    dataDir: process.env.BENCH_PGLITE_DIR ?? 'memory://',
    poolSize: 20,
  });
  await migrateToLatest(database.db);
  const { channelId } = await seedDemoChannel(database.db);
  await opts.seed?.(database.db);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100000000',
    PORT: '0',
    HOST: '127.0.0.1',
    ...opts.env,
  });
  const app = await buildApp({ config, db: database.db });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  /** One API call; a non-2xx answer throws with its body. */
  async function call<T>(method: 'GET' | 'POST', p: string, body?: unknown): Promise<T> {
    const res = await fetch(`${url}${p}`, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }
  return {
    url,
    config,
    database,
    channelId,
    call,
    apiKey: async () =>
      (await call<{ api_key: string }>('POST', '/api/get_api_key', { channel_key: 'demo-hockey' }))
        .api_key,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
