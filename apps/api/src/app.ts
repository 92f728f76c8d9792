import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { DB } from './db/database.js';
import { registerModules } from './modules.js';
import type { RecaptchaVerifier } from './modules/auth/recaptcha.js';
import type { CountryLookup } from './modules/geo/geo.service.js';
import { registerOps } from './modules/ops/register-ops.js';
import { createAppShell } from './plugins/app-shell.js';
import { registerCompression } from './plugins/compression.js';
import type { LogStream } from './plugins/request-log.js';
import { registerSwagger } from './plugins/swagger.js';
import { registerWebStatic } from './plugins/web-static.js';
import { createServer, registerRequestBudgets } from './server-base.js';

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
  const { app, redis } = await createServer(config, {
    bodyLimit: 1_048_576,
    logStream: deps.logStream,
  });
  await registerCompression(app);
  await registerRequestBudgets(app, config, redis);
  await registerSwagger(app);
  registerOps(app, { config, db: deps.db });
  const distDir = config.WEB_DIST_DIR ?? path.join(config.repoRoot, 'apps/web/dist');
  const shell = createAppShell(distDir);
  const { startupFor } = await registerModules(app, { ...deps, redis, shell });

  await registerWebStatic(app, distDir, async (request) => {
    const [pathname = '/', search] = request.url.split('?');
    // Without its start-up data the page still works: the client fetches what is missing.
    const startup = await startupFor({
      hostname: request.hostname,
      acceptLanguage: request.headers['accept-language'],
      pathname,
      hasQuery: search !== undefined,
      ip: request.ip,
    }).catch((error: unknown) => {
      request.log.warn({ err: error }, 'start-up data for the app shell failed');
      return undefined;
    });
    return shell.html(undefined, { startup, pathname });
  });
  return app;
}
