import { fallbackOrigin, type Config } from '../../config.js';
import type { DB } from '../../db/database.js';
import { createOffers } from '../commerce/products/offers.js';
import { createChannelRepository } from './channel.repository.js';
import { createChannelService } from './channel.service.js';
import { createSiteOrigins } from './site-origin.js';

/** The channel's settings and the site origins its links are built on (channelRoutes serves them). */
export function createChannelModule(deps: { config: Config; db: DB }) {
  const repo = createChannelRepository(deps.db);
  return {
    channel: createChannelService(repo, createOffers(deps.db)),
    origins: createSiteOrigins(repo, fallbackOrigin(deps.config)),
  };
}
