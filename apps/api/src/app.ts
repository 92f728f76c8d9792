import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { parseTrustProxy, type Config } from './config.js';
import type { DB } from './db/database.js';
import { registerModules } from './modules.js';
import type { RecaptchaVerifier } from './modules/auth/recaptcha.js';
import type { CountryLookup } from './modules/geo/geo.service.js';
import { registerOps } from './modules/ops/register-ops.js';
import { createAppShell } from './plugins/app-shell.js';
import { registerCompression } from './plugins/compression.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { gracefulCloseOptions, registerGracefulClose } from './plugins/graceful-close.js';
import { registerRateLimit } from './plugins/rate-limit.js';
import { loggerOptions, wantsPrettyLogs, type LogStream } from './plugins/request-log.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerSwagger } from './plugins/swagger.js';
import { registerWebStatic } from './plugins/web-static.js';

export interface AppDeps {
  config: Config;
  db: DB;
  /** Injected in tests to map test addresses to countries. */
  countryLookup?: CountryLookup;
  recaptcha?: RecaptchaVerifier;
  now?: () => Date;
  /** Where log lines go (default stdout); tests read them. LOG_LEVEL still decides what is written. */
  logStream?: LogStream;
}

/** Plugins → modules → static web app. Everything the server does is wired here and in modules.ts. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL, deps.logStream, {
      pretty: wantsPrettyLogs(config.NODE_ENV),
    }),
    trustProxy: parseTrustProxy(config.TRUST_PROXY),
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    connectionTimeout: config.REQUEST_TIMEOUT_MS,
    bodyLimit: 1_048_576,
    ...gracefulCloseOptions,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerGracefulClose(app);

  // One Redis connection for every shared counter; none when REDIS_URL is unset.
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
  await registerCompression(app);
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
  await registerSwagger(app);
  registerOps(app, { config, db: deps.db });
  const distDir = config.WEB_DIST_DIR ?? path.join(config.repoRoot, 'apps/web/dist');
  const shell = createAppShell(distDir);
  const { startupFor } = await registerModules(app, { ...deps, redis, shell });

  await registerWebStatic(app, distDir, async (request) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // Without its start-up data the page still works: the client fetches what is missing.
    const startup = await startupFor({
      hostname: request.hostname,
      acceptLanguage: request.headers['accept-language'],
      pathname,
    }).catch((error: unknown) => {
      request.log.warn({ err: error }, 'start-up data for the app shell failed');
      return undefined;
    });
    return shell.html(undefined, { startup, pathname });
  });
  return app;
}
