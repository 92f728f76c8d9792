import type { RuntimeConfig } from '@rudy/contracts';
import type { KeysService } from './keys.service.js';

/** Where the web app reports analytics: '' is this server, null nowhere. */
export interface AnalyticsTarget {
  url: string | null;
  /** Whether the client reports from localhost (the demo does). */
  localhost: boolean;
}

/**
 * The web app's runtime config for a host name (spec section 4: "load config"): served at
 * /config.json and put into the index.html the server renders, so both say the same.
 */
export function createRuntimeConfig(
  keys: KeysService,
  defaultChannelKey: string,
  analytics: AnalyticsTarget,
) {
  return async (hostname: string): Promise<RuntimeConfig> => ({
    api_base: '/api',
    channel_key: await keys.channelKeyForHost(hostname, defaultChannelKey).catch(() => null),
    keys_url: '/api/channel-key',
    analytics_url: analytics.url,
    analytics_localhost: analytics.localhost,
  });
}
export type RuntimeConfigFor = ReturnType<typeof createRuntimeConfig>;
