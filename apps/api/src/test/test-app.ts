import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppDeps } from '../app.js';
import type { DB } from '../db/database.js';
import { loadConfig } from '../config.js';
import { seedDemoChannel } from '../db/seed/demo-channel.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export const OTHER_CHANNEL_KEY = 'other-league';

export interface TestContext {
  app: FastifyInstance;
  database: TestDatabase;
  demoChannelId: number;
  otherChannelId: number;
  /** A fresh anonymous key of the given channel. */
  apiKey(channelKey?: string): Promise<string>;
  get(url: string, query?: Record<string, string>): Promise<LightMyRequestResponse>;
  inject(opts: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * buildApp on a fresh database holding the demo channel and a second channel for isolation tests.
 * `withDb` lets a test see the app's queries (a Kysely plugin; see query-counter.ts).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  { withDb, ...deps }: Partial<Omit<AppDeps, 'config' | 'db'>> & { withDb?: (db: DB) => DB } = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  const demo = await seedDemoChannel(database.db);
  const other = await seedDemoChannel(database.db, {
    channelKey: OTHER_CHANNEL_KEY,
    hosts: ['other.example.test'],
  });
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    WEB_DIST_DIR: '/nonexistent',
    RATE_LIMIT_MAX: '10000',
    ...env,
  });
  const db = withDb ? withDb(database.db) : database.db;
  const app = await buildApp({ config, db, ...deps });
  await app.ready();

  const ctx: TestContext = {
    app,
    database,
    demoChannelId: demo.channelId,
    otherChannelId: other.channelId,
    async apiKey(channelKey = 'demo-hockey') {
      const res = await app.inject({
        method: 'POST',
        url: '/api/get_api_key',
        payload: { channel_key: channelKey },
      });
      if (res.statusCode !== 200) throw new Error(`get_api_key failed: ${res.body}`);
      return res.json<{ api_key: string }>().api_key;
    },
    get: (url, query) => app.inject({ method: 'GET', url, query: query ?? {} }),
    inject: (opts) => app.inject(opts),
    async close() {
      await app.close();
      await database.close();
    },
  };
  return ctx;
}
