import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { DB } from '../../db/database.js';
import { registerApiKeyGuard } from '../../plugins/api-key.js';
import { createKeysRepository } from './keys.repository.js';
import { keysRoutes } from './keys.routes.js';
import { createKeysService, type KeysService } from './keys.service.js';
import { createRuntimeConfig } from './runtime-config.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The key service: tests that change a key in the database directly drop its cached copy
     * (`forgetKey`), as the product's own revocations and logins do.
     */
    apiKeys: KeysService;
  }
}

/** API keys: the guard every keyed route sits behind, the key calls and the runtime config. */
export function registerKeys(
  app: FastifyInstance,
  deps: { config: Config; db: DB; now: () => Date },
) {
  const { config } = deps;
  const keys = createKeysService(createKeysRepository(deps.db), deps.now);
  registerApiKeyGuard(app, keys);
  app.decorate('apiKeys', keys);
  const runtimeConfig = createRuntimeConfig(keys, config.DEFAULT_CHANNEL_KEY, {
    url: config.ANALYTICS_URL === 'off' ? null : (config.ANALYTICS_URL ?? ''),
    localhost: config.ANALYTICS_LOCALHOST,
  });
  keysRoutes(app, keys, config.DEFAULT_CHANNEL_KEY, runtimeConfig);
  return { keys, runtimeConfig };
}
