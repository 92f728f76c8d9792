import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { DB } from '../../db/database.js';
import { createAppSecretsRepository } from '../../lib/app-secrets.repository.js';
import type { ChannelService } from '../channel/channel.service.js';
import type { KeysService } from '../keys/keys.service.js';
import { createNotificationSettingsRepository } from './notification-settings.repository.js';
import { notificationsRoutes } from './notifications.routes.js';
import { createPushSubscriptionsRepository } from './push-subscriptions.repository.js';
import { pushRoutes } from './push.routes.js';
import { loadVapidKeys } from './vapid-keys.js';

/** A fan's alerts: notification settings (and their mail links) and web push subscriptions. */
export async function registerFans(
  app: FastifyInstance,
  deps: { config: Config; db: DB; keys: KeysService; channel: ChannelService; secret: string },
) {
  const { config, db } = deps;
  notificationsRoutes(app, {
    settings: createNotificationSettingsRepository(db),
    keys: deps.keys,
    channel: deps.channel,
    secret: deps.secret,
    defaultChannelKey: config.DEFAULT_CHANNEL_KEY,
  });
  pushRoutes(app, {
    subscriptions: createPushSubscriptionsRepository(db),
    vapid: await loadVapidKeys(config, createAppSecretsRepository(db)),
    production: config.NODE_ENV === 'production',
  });
}
