import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { DB } from '../../db/database.js';
import { registerApiKeyGuard } from '../../plugins/api-key.js';
import { createKeysRepository } from './keys.repository.js';
import { keysRoutes } from './keys.routes.js';
import { createKeysService } from './keys.service.js';
import { createRuntimeConfig } from './runtime-config.js';

/** API keys: the guard every keyed route sits behind, the key calls and the runtime config. */
export function registerKeys(
  app: FastifyInstance,
  deps: { config: Config; db: DB; now: () => Date },
) {
  const { config } = deps;
  const keys = createKeysService(createKeysRepository(deps.db), deps.now);
  registerApiKeyGuard(app, keys);
  const runtimeConfig = createRuntimeConfig(keys, config.DEFAULT_CHANNEL_KEY, {
    url: config.ANALYTICS_URL === 'off' ? null : (config.ANALYTICS_URL ?? ''),
    localhost: config.ANALYTICS_LOCALHOST,
  });
  keysRoutes(app, keys, config.DEFAULT_CHANNEL_KEY, runtimeConfig);
  return { keys, runtimeConfig };
}
