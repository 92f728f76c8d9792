import type { FastifyInstance } from 'fastify';
import type { DB } from '../../db/database.js';
import { createPrerollsRepository } from './prerolls.repository.js';
import { prerollsRoutes } from './prerolls.routes.js';
import { createPrerollsService, type PrerollsService } from './prerolls.service.js';

/** Builds the pre-roll service and registers its route; playback chooses through the service. */
export function registerPrerolls(
  app: FastifyInstance,
  deps: {
    db: DB;
    now: () => Date;
    eventExists: (channelId: number, eventId: number) => Promise<boolean>;
  },
): PrerollsService {
  const prerolls = createPrerollsService({
    repo: createPrerollsRepository(deps.db),
    now: deps.now,
  });
  prerollsRoutes(app, prerolls, deps.eventExists);
  return prerolls;
}

/** The pre-rolls' URLs of these channels, by id (the demo renders the clips they point at). */
export function prerollUrls(db: DB, channelIds: number[]) {
  return createPrerollsRepository(db).urlsOf(channelIds);
}

/** Records the length of the clip at this URL in these channels' pre-rolls. */
export function recordPrerollDuration(db: DB, channelIds: number[], url: string, seconds: number) {
  return createPrerollsRepository(db).setDuration(channelIds, url, seconds);
}
