import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { DB } from '../../db/database.js';
import type { ChannelService } from '../channel/channel.service.js';
import type { GeoService } from '../geo/geo.service.js';
import type { KeysService } from '../keys/keys.service.js';
import type { MediaParts } from '../media/register-media.js';
import { vodAssetRoutes } from './vod-assets.routes.js';
import { createVodRepository } from './vod.repository.js';
import { vodRoutes } from './vod.routes.js';
import { createVodService } from './vod.service.js';

/**
 * The VOD library calls and its public assets, on the media module's tokens and storage. Returns
 * the service (the start-up data carries the home page's Highlights page).
 */
export function registerVod(
  app: FastifyInstance,
  deps: {
    config: Config;
    db: DB;
    channel: ChannelService;
    geo: GeoService;
    keys: KeysService;
    media: MediaParts;
    now: () => Date;
  },
) {
  const repo = createVodRepository(deps.db);
  const vod = createVodService({
    repo,
    access: deps.media.access,
    channel: deps.channel,
    geo: deps.geo,
    tokens: deps.media.tokens,
    tokenMarginMs: deps.config.MEDIA_TOKEN_MARGIN_MS,
    cacheMs: deps.config.CATALOGUE_CACHE_MS,
    now: deps.now,
  });
  vodRoutes(app, vod);
  vodAssetRoutes(app, {
    repo,
    keys: deps.keys,
    storage: deps.media.storage,
    defaultChannelKey: deps.config.DEFAULT_CHANNEL_KEY,
  });
  return vod;
}
