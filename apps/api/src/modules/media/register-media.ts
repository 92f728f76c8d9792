import type { FastifyInstance } from 'fastify';
import type { MediaStorage } from '@rudy/media';
import type { Config } from '../../config.js';
import type { DB } from '../../db/database.js';
import type { ChannelService } from '../channel/channel.service.js';
import type { Entitlements } from '../commerce/orders/entitlements.js';
import type { GeoService } from '../geo/geo.service.js';
import { createCaptionsService } from '../captions/captions.service.js';
import { registerPrerolls } from '../prerolls/register-prerolls.js';
import { createDownloadService } from './download.service.js';
import { mediaFilesRoutes } from './media-files.routes.js';
import { createMediaFilesService } from './media-files.service.js';
import { createMediaStorage } from './media-storage.js';
import { createEventAccess } from './event-access.js';
import { createGameMediaCookies, edgeSecretOf } from './game-media-cookie.js';
import { createMediaTokens } from './media-token.js';
import { createMediaRepository } from './media.repository.js';
import { createLiveWindowStarts } from './live-window-start.js';
import { playbackRoutes } from './playback.routes.js';
import { createPlaybackService, type PurchaseCheck } from './playback.service.js';

/** Playback, /media files, downloads and pre-rolls: built here and registered on the app. */
export function registerMediaModules(
  app: FastifyInstance,
  deps: {
    config: Config;
    db: DB;
    now: () => Date;
    secret: string;
    channel: ChannelService;
    geo: GeoService;
    /** What users' purchases cover and grant (commerce). */
    entitlements: Entitlements;
    storage?: MediaStorage;
  },
) {
  const { db, now } = deps;
  const dvrWindowSeconds = deps.config.LIVE_DVR_WINDOW_SECONDS;
  const storage = deps.storage ?? createMediaStorage(deps.config);
  const tokens = createMediaTokens(deps.secret);
  const gameCookies = createGameMediaCookies(
    edgeSecretOf(deps.config.MEDIA_EDGE_SECRET, deps.secret),
    deps.config.MEDIA_TOKEN_TTL_SECONDS,
  );
  const media = createMediaRepository(db);
  const access = deps.entitlements;
  const prerolls = registerPrerolls(app, {
    db,
    now,
    eventExists: async (channelId, eventId) =>
      (await media.event(channelId, eventId)) !== undefined,
  });
  const { entitlements } = deps;
  const purchases: PurchaseCheck = async (channelId, userId, eventId) =>
    (await entitlements.purchasedEventIds(channelId, userId, [eventId], now())).has(eventId);
  const playback = createPlaybackService({
    purchases,
    media,
    access,
    channel: deps.channel,
    geo: deps.geo,
    prerolls,
    tokens,
    gameCookies,
    tokenMarginMs: deps.config.MEDIA_TOKEN_MARGIN_MS,
    dvrWindowSeconds,
    liveWindowStart: createLiveWindowStarts(storage, dvrWindowSeconds),
    now,
  });
  const eventAccess = createEventAccess({ purchases, channel: deps.channel, geo: deps.geo });
  const downloads = createDownloadService({
    eventAccess,
    media,
    access,
    tokens,
    storage,
    now,
  });
  playbackRoutes(app, playback, downloads, gameCookies, {
    production: deps.config.NODE_ENV === 'production',
  });
  mediaFilesRoutes(
    app,
    createMediaFilesService({
      tokens,
      gameCookies,
      repo: media,
      captions: createCaptionsService(db),
      storage,
      now,
    }),
    storage,
    {
      dvrWindowSeconds,
    },
  );
  // What modules built on media (clips) need.
  return { tokens, storage, media, access, eventAccess, prerolls, playback, dvrWindowSeconds };
}
export type MediaParts = ReturnType<typeof registerMediaModules>;
