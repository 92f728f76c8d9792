import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { MediaStorage } from '@rudy/media';
import type { Config } from '../../../config.js';
import type { DB } from '../../../db/database.js';
import type { ChannelChangeBus } from '../../../lib/channel-change-bus.js';
import { createUploadJobQueue } from '../../media/upload-job.js';
import type { AdminAccess } from '../admin-access.js';
import { createAdminChanges } from '../admin-changes.js';
import { createViewerCaches, type ChannelCaches } from '../viewer-caches.js';
import { captionsAdminRoutes } from '../captions/captions-admin.routes.js';
import { createCaptionsAdminService } from '../../captions/captions-admin.service.js';
import { mediaAdminRoutes } from './media-admin.routes.js';
import { createMediaAdminService } from './media-admin.service.js';
import { createUploadFiles } from './upload-files.js';

/** An upload nobody sent a byte to for this long is abandoned: its row expires, its file goes. */
export const UPLOAD_ABANDONED_HOURS = 24;
const SWEEP_EVERY_MS = 15 * 60 * 1000;

/**
 * The console's media area, in the admin scope: uploads received into <DATA_DIR>/uploads on this
 * API host (a resumed upload must reach the same host: sticky routing when there are several),
 * then moved to media storage for the worker's transcode; and the captions of replays, library
 * videos and clips, stored in media storage.
 */
export async function registerMediaAdmin(
  app: FastifyInstance,
  deps: {
    config: Config;
    db: DB;
    access: AdminAccess;
    storage: MediaStorage;
    caches: readonly ChannelCaches[];
    bus?: ChannelChangeBus;
  },
) {
  const { config, db } = deps;
  const files = createUploadFiles(
    path.join(path.resolve(config.repoRoot, config.DATA_DIR), 'uploads'),
  );
  const changes = createAdminChanges({ db, caches: createViewerCaches(deps.caches, deps.bus) });
  const media = createMediaAdminService({
    db,
    changes,
    storage: deps.storage,
    files,
    queue: createUploadJobQueue(),
  });
  const captions = createCaptionsAdminService({ db, changes, storage: deps.storage });
  await deps.access.routes(app, (scope) => {
    mediaAdminRoutes(scope, media);
    captionsAdminRoutes(scope, captions);
  });

  const sweep = setInterval(() => {
    media
      .cleanAbandoned(UPLOAD_ABANDONED_HOURS)
      .catch((error: unknown) => app.log.error({ err: error }, 'abandoned uploads not cleaned'));
  }, SWEEP_EVERY_MS);
  sweep.unref();
  app.addHook('onClose', (_app, done) => {
    clearInterval(sweep);
    done();
  });
  return media;
}
