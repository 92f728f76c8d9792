import type { FastifyInstance } from 'fastify';
import type { MediaStorage } from '@rudy/media';
import type { Config } from '../../../config.js';
import type { DB } from '../../../db/database.js';
import { ingestSettings } from '../../media/ingest/ingest-settings.js';
import type { AdminAccess } from '../admin-access.js';
import { createAdminChanges } from '../admin-changes.js';
import { createViewerCaches } from '../viewer-caches.js';
import { createMomentsAdminService } from '../../moments/moments.service.js';
import { createReelsAdminService } from '../../moments/reels.service.js';
import { momentsAdminRoutes } from '../moments/moments-admin.routes.js';
import { liveAdminRoutes } from './live-admin.routes.js';
import { createLiveAdminService } from './live-admin.service.js';

/**
 * The console's live area: stream keys and stream state (the ingest itself runs in the worker),
 * and a game's key moments (marked while live, detected ones edited or removed).
 */
export async function registerLiveAdmin(
  app: FastifyInstance,
  deps: {
    config: Config;
    db: DB;
    access: AdminAccess;
    now: () => Date;
    /** Where a discarded highlights reel's files are deleted. */
    storage?: MediaStorage;
  },
) {
  const live = createLiveAdminService({
    db: deps.db,
    // A stream key is the operator's, not the viewers': no viewer cache holds it.
    changes: createAdminChanges({ db: deps.db, caches: createViewerCaches([]) }),
    settings: ingestSettings(deps.config),
    now: deps.now,
  });
  // No viewer cache holds moments: the watch page reads them fresh.
  const moments = createMomentsAdminService({
    db: deps.db,
    changes: createAdminChanges({ db: deps.db, caches: createViewerCaches([]) }),
    now: deps.now,
  });
  // A reel is listed through the library's cached listings, which expire on their own.
  const reels = createReelsAdminService({
    db: deps.db,
    changes: createAdminChanges({ db: deps.db, caches: createViewerCaches([]) }),
    storage: deps.storage ?? null,
  });
  await deps.access.routes(app, (scope) => {
    liveAdminRoutes(scope, live);
    momentsAdminRoutes(scope, moments, reels);
  });
}
