import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { DB } from '../../db/database.js';
import type { Entitlements } from '../commerce/orders/entitlements.js';
import { createEventsRepository } from './events.repository.js';
import { eventsRoutes } from './events.routes.js';
import { createEventsService } from './events.service.js';

/** The games: listings (cached for CATALOGUE_CACHE_MS) and pages, with the viewer's access. */
export function registerEvents(
  app: FastifyInstance,
  deps: { config: Config; db: DB; now: () => Date; entitlements: Entitlements },
) {
  const events = createEventsService(createEventsRepository(deps.db), deps.now, {
    cacheMs: deps.config.CATALOGUE_CACHE_MS,
    entitlements: deps.entitlements,
  });
  eventsRoutes(app, events);
  return events;
}
