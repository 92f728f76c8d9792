import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppDeps } from './app.js';
import { loadAppSecret } from './lib/app-secret.js';
import { createAppSecretsRepository } from './lib/app-secrets.repository.js';
import { createChannelChangeBus, CHANNEL_CHANGE_TOPIC } from './lib/channel-change-bus.js';
import { channelRoutes } from './modules/channel/channel.routes.js';
import { createChannelModule } from './modules/channel/register-channel.js';
import { createStartupData, type StartupFor } from './modules/channel/startup-data.js';
import { createApiCommerce } from './modules/commerce/commerce-core.js';
import { registerCommerce } from './modules/commerce/register-commerce.js';
import { registerCustomForms } from './modules/custom-forms/register-custom-forms.js';
import { registerEvents } from './modules/events/register-events.js';
import { registerFavorites } from './modules/favorites/register-favorites.js';
import { registerGeo } from './modules/geo/register-geo.js';
import { registerKeys } from './modules/keys/register-keys.js';
import { registerMediaModules } from './modules/media/register-media.js';
import { registerClips } from './modules/clips/register-clips.js';
import { registerAdmin } from './modules/admin/register-admin.js';
import { registerFans } from './modules/fans/register-fans.js';
import { registerCalendar } from './modules/calendar/register-calendar.js';
import { profileRoutes } from './modules/users/profile.routes.js';
import { registerAuth } from './modules/auth/register-auth.js';
import { registerMail } from './modules/mail/register-mail.js';
import { registerCommerceAdmin } from './modules/admin/commerce/register-commerce-admin.js';
import { registerMediaAdmin } from './modules/admin/media/register-media-admin.js';
import { registerLiveAdmin } from './modules/admin/live/register-live-admin.js';
import { registerAnalytics } from './modules/analytics/register-analytics.js';
import { registerVod } from './modules/vod/register-vod.js';
import { momentsRoutes } from './modules/moments/moments.routes.js';
import { createMomentsService } from './modules/moments/moments.service.js';
import { registerParticipants } from './modules/participants/register-participants.js';
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
  const { keys, runtimeConfig } = registerKeys(app, { config, db, now });
  const { channel, origins } = createChannelModule({ config, db });
  const { core: commerceCore, entitlements } = createApiCommerce(config, db, now);
  const mailer = registerMail(app, { config, db, keys });
  const secret = await loadAppSecret(createAppSecretsRepository(db), config.APP_SECRET);

  const commerce = await registerCommerce(app, {
    config,
    db,
    now,
    origins,
    core: commerceCore,
    entitlements,
  });
  const basePass = registerCustomForms(app, { db, channel });
  channelRoutes(app, channel, commerce.products.overlay);
  const events = registerEvents(app, { config, db, now, entitlements });
  momentsRoutes(app, createMomentsService(db));
  registerParticipants(app, db);
  registerFavorites(app, db);
  const geo = registerGeo(app, { countryLookup: deps.countryLookup, channel });
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
    basePass,
    recaptcha: deps.recaptcha,
    now,
  });
  profileRoutes(app, account);
  registerCalendar(app, { config, db, keys, channel, origins, now });
  await registerFans(app, { config, db, keys, channel, secret });
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
  const vod = registerVod(app, { config, db, channel, geo, keys, media, now });
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
    vod,
    runtimeConfig,
    shellPoster: (channelId, eventId, ip) => media.playback.shellPoster(channelId, eventId, ip),
    defaultChannelKey: config.DEFAULT_CHANNEL_KEY,
  });
  return { startupFor };
}
