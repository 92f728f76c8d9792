import type { FastifyInstance } from 'fastify';
import type { DB } from '../../db/database.js';
import type { ChannelService } from '../channel/channel.service.js';
import type { MediaParts } from '../media/register-media.js';
import { createClipJobQueue } from './clips.jobs.js';
import { createClipsRepository } from './clips.repository.js';
import { clipsRoutes } from './clips.routes.js';
import { createClipsService } from './clips.service.js';

/** The clip calls, built on the media module's parts (tokens, storage, access decisions). */
export function registerClips(
  app: FastifyInstance,
  deps: { db: DB; channel: ChannelService; media: MediaParts; now: () => Date },
) {
  const clips = createClipsService({
    db: deps.db,
    repo: createClipsRepository(deps.db),
    media: deps.media.media,
    access: deps.media.access,
    eventAccess: deps.media.eventAccess,
    channel: deps.channel,
    storage: deps.media.storage,
    tokens: deps.media.tokens,
    queue: createClipJobQueue(),
    now: deps.now,
  });
  clipsRoutes(app, clips);
}
