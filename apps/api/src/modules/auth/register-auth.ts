import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../../config.js';
import type { DB } from '../../db/database.js';
import { memoryAttemptLimiter, redisAttemptLimiter } from '../../lib/attempt-limiter.js';
import type { ChannelService } from '../channel/channel.service.js';
import type { SiteOrigins } from '../channel/site-origin.js';
import type { BasePassCheck } from '../custom-forms/base-pass-check.js';
import type { GeoService } from '../geo/geo.service.js';
import type { KeysService } from '../keys/keys.service.js';
import type { Mailer } from '../mail/mailer.js';
import type { GrantsSource } from '../users/access.js';
import { createAccountService, type AccountService } from '../users/account.service.js';
import { createProfileService } from '../users/profile.service.js';
import { createAccountMail } from './account-mail.js';
import { createAuthRepository } from './auth.repository.js';
import { authRoutes } from './auth.routes.js';
import { createAuthService } from './auth.service.js';
import { googleRecaptchaVerifier, type RecaptchaVerifier } from './recaptcha.js';
import { facebookProvider, oidcProvider, type SocialProviders } from './social/providers.js';
import { createSocialRepository } from './social/social.repository.js';
import { socialRoutes } from './social/social.routes.js';
import { createSocialService } from './social/social.service.js';

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

/** Sign-in, registration and social sign-in; returns the account service the profile routes use. */
export function registerAuth(
  app: FastifyInstance,
  deps: {
    config: Config;
    db: DB;
    redis: Redis | undefined;
    keys: KeysService;
    mailer: Mailer;
    channel: ChannelService;
    origins: SiteOrigins;
    secret: string;
    entitlements: GrantsSource;
    geo: GeoService;
    /** The base pass a registration may require (custom forms). */
    basePass: BasePassCheck;
    /** Tests' stand-in verifier; otherwise Google's when RECAPTCHA_SECRET is set. */
    recaptcha: RecaptchaVerifier | undefined;
    now: () => Date;
  },
): AccountService {
  const { config, db, redis, keys, mailer, channel, origins, secret, entitlements, geo, now } =
    deps;
  const { recaptcha } = deps;
  const authRepo = createAuthRepository(db);
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
      recaptcha ??
      (config.RECAPTCHA_SECRET ? googleRecaptchaVerifier(config.RECAPTCHA_SECRET) : undefined),
    secret,
    basePass: deps.basePass,
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
  authRoutes(app, auth);
  socialRoutes(app, social);
  return account;
}
