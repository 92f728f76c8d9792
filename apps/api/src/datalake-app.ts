import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SPEC_MESSAGES } from '@rudy/contracts';
import type { Config } from './config.js';
import type { DB } from './db/database.js';
import { registerDatalake } from './modules/analytics/register-analytics.js';
import { createKeysRepository } from './modules/keys/keys.repository.js';
import { createKeysService } from './modules/keys/keys.service.js';
import { createServer, registerRequestBudgets } from './server-base.js';

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
  const { app, redis } = await createServer(config, { bodyLimit: 65_536 });
  await registerRequestBudgets(app, config, redis);
  const now = deps.now ?? (() => new Date());
  // API keys as the app resolves them (same database): a call counts as the key's user.
  const keys = createKeysService(createKeysRepository(deps.db), now);
  await registerDatalake(app, { config, db: deps.db, now, keys });
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
