import type { FastifyInstance } from 'fastify';
import type { DB } from '../../db/database.js';
import type { AppShell } from '../../plugins/app-shell.js';
import type { ChannelService } from '../channel/channel.service.js';
import type { SiteOrigins } from '../channel/site-origin.js';
import type { KeysService } from '../keys/keys.service.js';
import { clipShareRoutes } from './clip-share.routes.js';
import type { MediaParts } from '../media/register-media.js';
import { createClipJobQueue } from './clips.jobs.js';
import { createClipsRepository } from './clips.repository.js';
import { clipsRoutes } from './clips.routes.js';
import { createClipsService } from './clips.service.js';

/** The clip calls, built on the media module's parts (tokens, storage, access decisions). */
export function registerClips(
  app: FastifyInstance,
  deps: {
    db: DB;
    channel: ChannelService;
    media: MediaParts;
    keys: KeysService;
    origins: SiteOrigins;
    shell: AppShell;
    defaultChannelKey: string;
    now: () => Date;
  },
) {
  const repo = createClipsRepository(deps.db);
  const clips = createClipsService({
    db: deps.db,
    repo,
    media: deps.media.media,
    access: deps.media.access,
    eventAccess: deps.media.eventAccess,
    channel: deps.channel,
    storage: deps.media.storage,
    tokens: deps.media.tokens,
    queue: createClipJobQueue(),
    dvrWindowSeconds: deps.media.dvrWindowSeconds,
    now: deps.now,
  });
  clipsRoutes(app, clips);
  clipShareRoutes(app, {
    repo,
    keys: deps.keys,
    origins: deps.origins,
    shell: deps.shell,
    storage: deps.media.storage,
    defaultChannelKey: deps.defaultChannelKey,
  });
}
