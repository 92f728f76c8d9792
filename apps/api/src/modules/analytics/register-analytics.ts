import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { DB } from '../../db/database.js';
import type { AdminAccess } from '../admin/admin-access.js';
import type { ChannelService } from '../channel/channel.service.js';
import type { KeysService } from '../keys/keys.service.js';
import { registerAnalyticsCsp } from './analytics-csp.js';
import { createChannelDirectory } from './channel-directory.js';
import { createChannelDirectoryRepository } from './channel-directory.repository.js';
import { createDashboardRepository } from './dashboard.repository.js';
import { dashboardRoutes } from './dashboard.routes.js';
import { createDashboardService } from './dashboard.service.js';
import { createDatalakeRepository } from './datalake.repository.js';
import { datalakeRoutes } from './datalake.routes.js';
import { createDatalakeService, type DatalakeService } from './datalake.service.js';
import { createReporterIdentity } from './reporter-identity.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The datalake served by this process, when it is (DATALAKE_IN_PROCESS). */
    datalake?: DatalakeService;
  }
}

export function datalakeSettings(config: Config) {
  return {
    flushMs: config.DATALAKE_FLUSH_MS,
    batchRows: config.DATALAKE_BATCH_ROWS,
    maxBufferedRows: config.DATALAKE_BUFFER_MAX,
    rawRetentionDays: config.ANALYTICS_RETENTION_DAYS,
    rollupRetentionDays: config.ANALYTICS_ROLLUP_RETENTION_DAYS,
  };
}

/**
 * Ingest (`/datalake/...`) and its housekeeping, with every accepted row written before the app
 * closes: the buffer is flushed in onClose, which app.close() (SIGTERM in main.ts) awaits before
 * the database is released. `keys` tells which user a call's API key is bound to (the app's
 * own keys service, or the datalake process's on the same database).
 */
export async function registerDatalake(
  app: FastifyInstance,
  deps: { config: Config; db: DB; now: () => Date; keys: KeysService },
): Promise<DatalakeService> {
  const datalake = createDatalakeService({
    repo: createDatalakeRepository(deps.db),
    channels: createChannelDirectory(createChannelDirectoryRepository(deps.db)),
    identify: createReporterIdentity(deps.keys),
    defaultChannelKey: deps.config.DEFAULT_CHANNEL_KEY,
    settings: datalakeSettings(deps.config),
    log: app.log,
    now: deps.now,
  });
  await datalakeRoutes(app, datalake);
  app.addHook('onReady', () => datalake.start());
  app.addHook('onClose', () => datalake.close());
  return datalake;
}

/**
 * The analytics of a channel: the datalake (unless it runs on its own), the dashboard API, and
 * the page policy that lets the channel's Google tag and a separate datalake in.
 */
export async function registerAnalytics(
  app: FastifyInstance,
  deps: {
    config: Config;
    db: DB;
    channel: ChannelService;
    keys: KeysService;
    admin: AdminAccess;
    now: () => Date;
  },
) {
  const { config } = deps;
  registerAnalyticsCsp(app, {
    analyticsUrl: config.ANALYTICS_URL === 'off' ? null : (config.ANALYTICS_URL ?? null),
    googleTagOf: async (hostname) => {
      const channel = await deps.keys.channelForHost(hostname, config.DEFAULT_CHANNEL_KEY);
      return Boolean((await deps.channel.settings(channel.id)).google_tag_id);
    },
  });
  if (config.DATALAKE_IN_PROCESS) {
    app.decorate('datalake', await registerDatalake(app, deps));
  }
  const dashboard = createDashboardService({
    repo: createDashboardRepository(deps.db),
    channel: deps.channel,
    now: deps.now,
  });
  await deps.admin.routes(app, (scope) => dashboardRoutes(scope, dashboard));
}
