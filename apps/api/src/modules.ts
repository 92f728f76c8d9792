import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppDeps } from './app.js';
import { fallbackOrigin, type Config } from './config.js';
import { loadAppSecret } from './lib/app-secret.js';
import { createAppSecretsRepository } from './lib/app-secrets.repository.js';
import { memoryAttemptLimiter, redisAttemptLimiter } from './lib/attempt-limiter.js';
import { createChannelChangeBus, CHANNEL_CHANGE_TOPIC } from './lib/channel-change-bus.js';
import { createAccountMail } from './modules/auth/account-mail.js';
import { createAuthRepository } from './modules/auth/auth.repository.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { googleRecaptchaVerifier } from './modules/auth/recaptcha.js';
import {
  facebookProvider,
  oidcProvider,
  type SocialProviders,
} from './modules/auth/social/providers.js';
import { createSocialRepository } from './modules/auth/social/social.repository.js';
import { socialRoutes } from './modules/auth/social/social.routes.js';
import { createSocialService } from './modules/auth/social/social.service.js';
import { createChannelRepository } from './modules/channel/channel.repository.js';
import { createSiteOrigins } from './modules/channel/site-origin.js';
import { createCommerceCore, settleOnRead } from './modules/commerce/commerce-core.js';
import { createEntitlements } from './modules/commerce/orders/entitlements.js';
import { createEntitlementsRepository } from './modules/commerce/orders/entitlements.repository.js';
import { createBasePassCheck } from './modules/custom-forms/base-pass-check.js';
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
import { registerCommerceAdmin } from './modules/admin/commerce/register-commerce-admin.js';
import { registerMediaAdmin } from './modules/admin/media/register-media-admin.js';
import { registerLiveAdmin } from './modules/admin/live/register-live-admin.js';
import { registerAnalytics } from './modules/analytics/register-analytics.js';
import { registerVod } from './modules/vod/register-vod.js';
import { momentsRoutes } from './modules/moments/moments.routes.js';
import { createMomentsService } from './modules/moments/moments.service.js';
import { outboxMailer, smtpMailer } from './modules/mail/mailer.js';
import { createOutboxGate } from './modules/mail/outbox-gate.js';
import { createOutboxRepository } from './modules/mail/outbox.repository.js';
import { outboxRoutes } from './modules/mail/outbox.routes.js';
import { createParticipantsRepository } from './modules/participants/participants.repository.js';
import { participantsRoutes } from './modules/participants/participants.routes.js';
import { createParticipantsService } from './modules/participants/participants.service.js';
import { createNotificationSettingsRepository } from './modules/fans/notification-settings.repository.js';
import { notificationsRoutes } from './modules/fans/notifications.routes.js';
import { createPushSubscriptionsRepository } from './modules/fans/push-subscriptions.repository.js';
import { pushRoutes } from './modules/fans/push.routes.js';
import { loadVapidKeys } from './modules/fans/vapid-keys.js';
import { createCalendarRepository } from './modules/calendar/calendar.repository.js';
import { calendarRoutes } from './modules/calendar/calendar.routes.js';
import { createAccountService } from './modules/users/account.service.js';
import { profileRoutes } from './modules/users/profile.routes.js';
import { createProfileService } from './modules/users/profile.service.js';
import { registerApiKeyGuard } from './plugins/api-key.js';
import type { AppShell } from './plugins/app-shell.js';

function socialProviders(config: Config): SocialProviders {
  const providers: SocialProviders = {};
  const allowHttp = config.OAUTH_ALLOW_HTTP;
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) {
    providers.google = oidcProvider({
      clientId: config.GOOGLE_CLIENT_ID,
      clientSecret: config.GOOGLE_CLIENT_SECRET,
      issuer: config.GOOGLE_ISSUER,
      allowHttp,
    });
  }
  if (config.FACEBOOK_CLIENT_ID && config.FACEBOOK_CLIENT_SECRET) {
    providers.facebook = facebookProvider({
      clientId: config.FACEBOOK_CLIENT_ID,
      clientSecret: config.FACEBOOK_CLIENT_SECRET,
      authorizationUrl: config.FACEBOOK_AUTHORIZATION_URL,
      tokenUrl: config.FACEBOOK_TOKEN_URL,
      userInfoUrl: config.FACEBOOK_USERINFO_URL,
      allowHttp,
    });
  }
  return providers;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The dev outbox's key (printed at start-up); absent when mail goes to SMTP. */
    devOutboxToken?: string;
  }
}

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

  const outbox = createOutboxRepository(db);
  const mailer = config.SMTP_URL
    ? smtpMailer(config.SMTP_URL, config.MAIL_FROM)
    : outboxMailer(outbox);
  const secret = await loadAppSecret(createAppSecretsRepository(db), config.APP_SECRET);
  const authRepo = createAuthRepository(db);
  const customForms = createCustomFormsRepository(db);
  const profiles = createProfileService({ access: entitlements, geo, channel, now });
  const mail = createAccountMail({ mailer, channel, origins, secret, now });
  const auth = createAuthService({
    repo: authRepo,
    keys,
    mail,
    profiles,
    channel,
    limiter: redis ? redisAttemptLimiter(redis, app.log) : memoryAttemptLimiter(),
    limits: {
      perIp: config.AUTH_RATE_MAX_PER_IP,
      perAccount: config.AUTH_RATE_MAX_PER_ACCOUNT,
      windowMs: config.AUTH_RATE_WINDOW_MS,
    },
    recaptcha:
      deps.recaptcha ??
      (config.RECAPTCHA_SECRET ? googleRecaptchaVerifier(config.RECAPTCHA_SECRET) : undefined),
    secret,
    basePass: createBasePassCheck({
      forms: customForms,
      customFormsOn: async (channelId) => (await channel.settings(channelId)).custom_forms,
    }),
    now,
  });
  const social = createSocialService({
    providers: socialProviders(config),
    social: createSocialRepository(db),
    users: authRepo,
    keys,
    profiles,
    origins,
    now,
  });
  const account = createAccountService({ repo: authRepo, profiles, mail, keys });

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
  authRoutes(app, auth);
  socialRoutes(app, social);
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
  if (mailer.kind === 'outbox') {
    const gate = createOutboxGate({
      token: config.DEV_OUTBOX_TOKEN,
      allowRemote: config.DEV_OUTBOX_ALLOW_REMOTE,
    });
    outboxRoutes(app, { outbox, gate, keys, defaultChannelKey: config.DEFAULT_CHANNEL_KEY });
    app.decorate('devOutboxToken', gate.token);
  }
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
  await registerLiveAdmin(app, { config, db, access: admin, now });
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
