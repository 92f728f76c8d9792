import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { parseTrustProxy, type Config } from './config.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { gracefulCloseOptions, registerGracefulClose } from './plugins/graceful-close.js';
import { registerRateLimit } from './plugins/rate-limit.js';
import {
  loggerOptions,
  OneLineRequestLog,
  wantsPrettyLogs,
  type LogStream,
} from './plugins/request-log.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerStorableTextGuard } from './plugins/storable-text.js';

/**
 * What every server process of the app starts with, the API (app.ts) and the datalake alone
 * (datalake-app.ts): logger, proxy trust, timeouts, graceful close, zod, the error handler, the
 * refusal of text PostgreSQL cannot store, the Redis connection of the shared counters (none
 * without REDIS_URL) and the security headers.
 * Written once so the two cannot drift apart.
 */
export async function createServer(
  config: Config,
  opts: { bodyLimit: number; logStream?: LogStream | undefined },
): Promise<{ app: FastifyInstance; redis: Redis | undefined }> {
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL, opts.logStream, {
      pretty: wantsPrettyLogs(config.NODE_ENV),
    }),
    logController: new OneLineRequestLog(),
    trustProxy: parseTrustProxy(config.TRUST_PROXY),
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    connectionTimeout: config.REQUEST_TIMEOUT_MS,
    bodyLimit: opts.bodyLimit,
    ...gracefulCloseOptions,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerStorableTextGuard(app);
  registerGracefulClose(app);

  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, {
        connectTimeout: 500,
        maxRetriesPerRequest: 1,
        // Commands issued in the same tick go out in one write: at the start of a game every
        // arriving viewer's calls each count their rate limit here, and one write per command was
        // a visible share of the API's CPU (issue 29). Order and replies are unchanged.
        enableAutoPipelining: true,
        // ioredis puts it before keys (rate-limit and attempt counters); topics are prefixed by hand.
        ...(config.REDIS_KEY_PREFIX ? { keyPrefix: config.REDIS_KEY_PREFIX } : {}),
      })
    : undefined;
  if (redis) {
    // quit() waits for Redis to answer; while it is away, the connection is simply dropped.
    app.addHook('onClose', async () => {
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    });
  }

  await registerSecurityHeaders(app);
  return { app, redis };
}

/** The per-client request budgets of config (shared through Redis when there is one). */
export function registerRequestBudgets(
  app: FastifyInstance,
  config: Config,
  redis: Redis | undefined,
) {
  return registerRateLimit(app, {
    max: {
      api: config.RATE_LIMIT_MAX,
      media: config.MEDIA_RATE_LIMIT_MAX,
      dev: config.DEV_RATE_LIMIT_MAX,
      datalake: config.DATALAKE_RATE_LIMIT_MAX,
    },
    windowMs: config.RATE_LIMIT_WINDOW_MS,
    redis,
  });
}
