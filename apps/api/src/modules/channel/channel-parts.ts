import type { DB } from '../../db/database.js';
import { createOffers } from '../commerce/products/offers.js';
import { createChannelRepository } from './channel.repository.js';
import { createChannelService } from './channel.service.js';
import { createSiteOrigins } from './site-origin.js';

/** A channel's settings and public origin, for a process that runs without the HTTP modules (a worker). */
export function createChannelParts(db: DB, fallbackOrigin: string) {
  const repo = createChannelRepository(db);
  return {
    channel: createChannelService(repo, createOffers(db)),
    origins: createSiteOrigins(repo, fallbackOrigin),
  };
}
