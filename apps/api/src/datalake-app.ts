import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { SPEC_MESSAGES } from '@rudy/contracts';
import { parseTrustProxy, type Config } from './config.js';
import type { DB } from './db/database.js';
import { registerDatalake } from './modules/analytics/register-analytics.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { gracefulCloseOptions, registerGracefulClose } from './plugins/graceful-close.js';
import { registerRateLimit } from './plugins/rate-limit.js';
import { loggerOptions, wantsPrettyLogs } from './plugins/request-log.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';

/**
 * The datalake alone (`npm run datalake -w @rudy/api`): the same routes, buffer and housekeeping
 * as in the one-process default, for a busy channel that puts analytics on its own machine behind
 * the proxy (ANALYTICS_URL on the API then points the browsers at it).
 */
export async function buildDatalakeApp(deps: {
  config: Config;
  db: DB;
  now?: () => Date;
}): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL, undefined, {
      pretty: wantsPrettyLogs(config.NODE_ENV),
    }),
    trustProxy: parseTrustProxy(config.TRUST_PROXY),
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    connectionTimeout: config.REQUEST_TIMEOUT_MS,
    bodyLimit: 65_536,
    ...gracefulCloseOptions,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerGracefulClose(app);
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { connectTimeout: 500, maxRetriesPerRequest: 1 })
    : undefined;
  if (redis) {
    // quit() waits for Redis to answer; while it is away, the connection is simply dropped.
    app.addHook('onClose', async () => {
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    });
  }
  await registerSecurityHeaders(app);
  await registerRateLimit(app, {
    max: {
      api: config.RATE_LIMIT_MAX,
      media: config.MEDIA_RATE_LIMIT_MAX,
      dev: config.DEV_RATE_LIMIT_MAX,
      datalake: config.DATALAKE_RATE_LIMIT_MAX,
    },
    windowMs: config.RATE_LIMIT_WINDOW_MS,
    redis,
  });
  await registerDatalake(app, { config, db: deps.db, now: deps.now ?? (() => new Date()) });
  app
    .withTypeProvider()
    .get(
      '/datalake/health',
      { schema: { response: { 200: z.object({ status: z.literal('ok') }) } } },
      () => ({ status: 'ok' as const }),
    );
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ message: SPEC_MESSAGES.route_not_found, code: 'route_not_found' }),
  );
  return app;
}
