import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { DB } from '../../db/database.js';
import type { ChannelService } from '../channel/channel.service.js';
import type { SiteOrigins } from '../channel/site-origin.js';
import type { KeysService } from '../keys/keys.service.js';
import { createCalendarRepository } from './calendar.repository.js';
import { calendarRoutes } from './calendar.routes.js';

/** The channel's schedule as calendar feeds. */
export function registerCalendar(
  app: FastifyInstance,
  deps: {
    config: Config;
    db: DB;
    keys: KeysService;
    channel: ChannelService;
    origins: SiteOrigins;
    now: () => Date;
  },
) {
  calendarRoutes(app, {
    repo: createCalendarRepository(deps.db),
    keys: deps.keys,
    channel: deps.channel,
    origins: deps.origins,
    defaultChannelKey: deps.config.DEFAULT_CHANNEL_KEY,
    now: deps.now,
  });
}
