import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { parseTrustProxy, type Config } from './config.js';
import type { DB } from './db/database.js';
import { createChannelRepository } from './modules/channel/channel.repository.js';
import { channelRoutes } from './modules/channel/channel.routes.js';
import { createChannelService } from './modules/channel/channel.service.js';
import { createEventsRepository } from './modules/events/events.repository.js';
import { eventsRoutes } from './modules/events/events.routes.js';
import { createEventsService } from './modules/events/events.service.js';
import { geoRoutes } from './modules/geo/geo.routes.js';
import { createGeoService, type CountryLookup } from './modules/geo/geo.service.js';
import { createKeysRepository } from './modules/keys/keys.repository.js';
import { keysRoutes } from './modules/keys/keys.routes.js';
import { createKeysService } from './modules/keys/keys.service.js';
import { profileRoutes } from './modules/users/profile.routes.js';
import { createUsersRepository } from './modules/users/users.repository.js';
import { registerApiKeyGuard } from './plugins/api-key.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerRateLimit } from './plugins/rate-limit.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerSwagger } from './plugins/swagger.js';
import { registerWebStatic } from './plugins/web-static.js';

export interface AppDeps {
  config: Config;
  db: DB;
  /** Injected in tests to map test addresses to countries. */
  countryLookup?: CountryLookup;
  now?: () => Date;
}

/** Plugins → modules → error handler. Everything the server does is wired here and nowhere else. */
export async function buildApp({
  config,
  db,
  countryLookup,
  now,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : { level: config.LOG_LEVEL, redact: ['req.headers["x-api-key"]', 'req.query.api_key'] },
    trustProxy: parseTrustProxy(config.TRUST_PROXY),
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    connectionTimeout: config.REQUEST_TIMEOUT_MS,
    bodyLimit: 1_048_576,
    forceCloseConnections: true,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await registerSecurityHeaders(app);
  await registerRateLimit(app, {
    max: config.RATE_LIMIT_MAX,
    windowMs: config.RATE_LIMIT_WINDOW_MS,
    redisUrl: config.REDIS_URL,
  });
  await registerSwagger(app);

  const keys = createKeysService(createKeysRepository(db), now);
  const channel = createChannelService(createChannelRepository(db));
  const events = createEventsService(createEventsRepository(db), now);
  registerApiKeyGuard(app, keys);

  keysRoutes(app, keys, config.DEFAULT_CHANNEL_KEY);
  channelRoutes(app, channel);
  eventsRoutes(app, events);
  geoRoutes(app, createGeoService(countryLookup), channel);
  profileRoutes(app, createUsersRepository(db));

  const distDir = config.WEB_DIST_DIR ?? path.join(config.repoRoot, 'apps/web/dist');
  await registerWebStatic(app, distDir);
  return app;
}
