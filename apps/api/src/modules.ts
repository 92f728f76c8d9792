import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppDeps } from './app.js';
import { fallbackOrigin } from './config.js';
import { loadAppSecret } from './lib/app-secret.js';
import { createAppSecretsRepository } from './lib/app-secrets.repository.js';
import { createChannelChangeBus, CHANNEL_CHANGE_TOPIC } from './lib/channel-change-bus.js';
import { createChannelRepository } from './modules/channel/channel.repository.js';
import { createSiteOrigins } from './modules/channel/site-origin.js';
import { createCommerceCore, settleOnRead } from './modules/commerce/commerce-core.js';
import { createEntitlements } from './modules/commerce/orders/entitlements.js';
import { createEntitlementsRepository } from './modules/commerce/orders/entitlements.repository.js';
import { createCustomFormsRepository } from './modules/custom-forms/custom-forms.repository.js';
import { customFormsRoutes } from './modules/custom-forms/custom-forms.routes.js';
import { createCustomFormsService } from './modules/custom-forms/custom-forms.service.js';
import { createOffers } from './modules/commerce/products/offers.js';
import { registerCommerce } from './modules/commerce/register-commerce.js';
import { channelRoutes } from './modules/channel/channel.routes.js';
import { createChannelService } from './modules/channel/channel.service.js';
import { createEventsRepository } from './modules/events/events.repository.js';
import { eventsRoutes } from './modules/events/events.routes.js';
import { createEventsService } from './modules/events/events.service.js';
import { createFavoritesRepository } from './modules/favorites/favorites.repository.js';
import { favoritesRoutes } from './modules/favorites/favorites.routes.js';
import { createFavoritesService } from './modules/favorites/favorites.service.js';
import { geoRoutes } from './modules/geo/geo.routes.js';
import { createGeoService } from './modules/geo/geo.service.js';
import { createKeysRepository } from './modules/keys/keys.repository.js';
import { keysRoutes } from './modules/keys/keys.routes.js';
import { createKeysService } from './modules/keys/keys.service.js';
import { createRuntimeConfig } from './modules/keys/runtime-config.js';
import { createStartupData, type StartupFor } from './modules/channel/startup-data.js';
import { registerMediaModules } from './modules/media/register-media.js';
import { registerClips } from './modules/clips/register-clips.js';
import { registerAdmin } from './modules/admin/register-admin.js';
import { createNotificationSettingsRepository } from './modules/fans/notification-settings.repository.js';
import { notificationsRoutes } from './modules/fans/notifications.routes.js';
import { createCalendarRepository } from './modules/calendar/calendar.repository.js';
import { calendarRoutes } from './modules/calendar/calendar.routes.js';
import { profileRoutes } from './modules/users/profile.routes.js';
import { createBasePassCheck } from './modules/custom-forms/base-pass-check.js';
import { registerAuth } from './modules/auth/register-auth.js';
import { registerMail } from './modules/mail/register-mail.js';
import { registerCommerceAdmin } from './modules/admin/commerce/register-commerce-admin.js';
import { registerMediaAdmin } from './modules/admin/media/register-media-admin.js';
import { registerLiveAdmin } from './modules/admin/live/register-live-admin.js';
import { registerAnalytics } from './modules/analytics/register-analytics.js';
import { registerVod } from './modules/vod/register-vod.js';
import { momentsRoutes } from './modules/moments/moments.routes.js';
import { createMomentsService } from './modules/moments/moments.service.js';
import { createParticipantsRepository } from './modules/participants/participants.repository.js';
import { participantsRoutes } from './modules/participants/participants.routes.js';
import { createParticipantsService } from './modules/participants/participants.service.js';
import { createPushSubscriptionsRepository } from './modules/fans/push-subscriptions.repository.js';
import { pushRoutes } from './modules/fans/push.routes.js';
import { loadVapidKeys } from './modules/fans/vapid-keys.js';
import { registerApiKeyGuard } from './plugins/api-key.js';
import type { AppShell } from './plugins/app-shell.js';

/**
 * Builds services from repositories and registers every module's routes. Returns what the served
 * index.html carries for a request's channel (see StartupData).
 */
export async function registerModules(
  app: FastifyInstance,
  deps: AppDeps & { redis: Redis | undefined; shell: AppShell },
): Promise<{ startupFor: StartupFor }> {
  const { config, db, redis } = deps;
  const now = deps.now ?? (() => new Date());
  const keys = createKeysService(createKeysRepository(db), now);
  const channelRepo = createChannelRepository(db);
  const channel = createChannelService(channelRepo, createOffers(db));
  const origins = createSiteOrigins(channelRepo, fallbackOrigin(config));
  const commerceCore = createCommerceCore(config, db, now);
  const entitlements = createEntitlements(
    createEntitlementsRepository(db),
    settleOnRead(commerceCore),
  );
  const events = createEventsService(createEventsRepository(db), now, {
    cacheMs: config.CATALOGUE_CACHE_MS,
    entitlements,
  });
  const geo = createGeoService(deps.countryLookup);
  registerApiKeyGuard(app, keys);

  const mailer = registerMail(app, { config, db, keys });
  const secret = await loadAppSecret(createAppSecretsRepository(db), config.APP_SECRET);
  const customForms = createCustomFormsRepository(db);

  const runtimeConfig = createRuntimeConfig(keys, config.DEFAULT_CHANNEL_KEY, {
    url: config.ANALYTICS_URL === 'off' ? null : (config.ANALYTICS_URL ?? ''),
    localhost: config.ANALYTICS_LOCALHOST,
  });
  keysRoutes(app, keys, config.DEFAULT_CHANNEL_KEY, runtimeConfig);
  const commerce = await registerCommerce(app, {
    config,
    db,
    now,
    origins,
    core: commerceCore,
    entitlements,
  });
  customFormsRoutes(app, createCustomFormsService(customForms));
  channelRoutes(app, channel, commerce.products.overlay);
  eventsRoutes(app, events);
  momentsRoutes(app, createMomentsService(db));
  participantsRoutes(app, createParticipantsService(createParticipantsRepository(db)));
  favoritesRoutes(app, createFavoritesService(createFavoritesRepository(db)));
  geoRoutes(app, geo, channel);
  const account = registerAuth(app, {
    config,
    db,
    redis,
    keys,
    mailer,
    channel,
    origins,
    secret,
    entitlements,
    geo,
    basePass: createBasePassCheck({
      forms: customForms,
      customFormsOn: async (channelId) => (await channel.settings(channelId)).custom_forms,
    }),
    recaptcha: deps.recaptcha,
    now,
  });
  profileRoutes(app, account);
  calendarRoutes(app, {
    repo: createCalendarRepository(db),
    keys,
    channel,
    origins,
    defaultChannelKey: config.DEFAULT_CHANNEL_KEY,
    now,
  });
  notificationsRoutes(app, {
    settings: createNotificationSettingsRepository(db),
    keys,
    channel,
    secret,
    defaultChannelKey: config.DEFAULT_CHANNEL_KEY,
  });
  pushRoutes(app, {
    subscriptions: createPushSubscriptionsRepository(db),
    vapid: await loadVapidKeys(config, createAppSecretsRepository(db)),
    production: config.NODE_ENV === 'production',
  });
  const media = registerMediaModules(app, {
    config,
    db,
    now,
    secret,
    channel,
    geo,
    entitlements,
  });
  registerClips(app, {
    db,
    channel,
    media,
    keys,
    origins,
    shell: deps.shell,
    defaultChannelKey: config.DEFAULT_CHANNEL_KEY,
    now,
  });
  registerVod(app, { config, db, channel, geo, keys, media, now });
  // Console changes reach the other API processes' caches (Redis pub/sub; none without Redis).
  const bus = createChannelChangeBus(
    redis,
    app.log,
    config.REDIS_KEY_PREFIX + CHANNEL_CHANGE_TOPIC,
  );
  app.addHook('onClose', () => bus.close());
  // The key cache is one of them: a blocked viewer's keys are read again at once.
  const admin = await registerAdmin(app, {
    db,
    channel,
    now,
    caches: [channel, events, keys],
    bus,
    grants: entitlements,
    mailer,
    origins,
  });
  await registerAnalytics(app, { config, db, channel, keys, admin, now });
  await registerCommerceAdmin(app, {
    db,
    access: admin,
    channel,
    commerce,
    caches: [channel, events, media.prerolls],
    bus,
    now,
  });
  await registerLiveAdmin(app, { config, db, access: admin, now, storage: media.storage });
  await registerMediaAdmin(app, {
    config,
    db,
    access: admin,
    storage: media.storage,
    caches: [channel, events],
    bus,
  });
  const startupFor = createStartupData({
    keys,
    channel,
    events,
    runtimeConfig,
    shellPoster: (channelId, eventId, ip) => media.playback.shellPoster(channelId, eventId, ip),
    defaultChannelKey: config.DEFAULT_CHANNEL_KEY,
  });
  return { startupFor };
}
