import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { MediaStorage } from '@rudy/media';
import { notFound } from '../../lib/http-error.js';
import { typed } from '../../lib/route-types.js';
import type { KeysService } from '../keys/keys.service.js';
import { rawPathIsPlain, sendStored, storedFileResponses } from '../media/stored-files.js';
import { contentTypeOf, MEDIA_FILE_TYPES } from '../media/media-paths.js';
import type { VodRepository } from './vod.repository.js';
import { PUBLIC_ASSET_KINDS } from './vod.service.js';

const ParamsSchema = z.object({ publicId: z.string(), file: z.string() });
const PUBLIC_KINDS = Object.values(PUBLIC_ASSET_KINDS);

/**
 * Posters and previews of published VOD items, at public addresses: listings show them to every
 * visitor (a gated item's teaser included) and stay cacheable for everyone, where a signed URL
 * would tie each listing to one API key. The address names the item by its random public id (ids
 * are not enumerable) on the channel of the host asked; the stream and thumbnails stay behind
 * signed tokens (/media/v).
 */
export function vodAssetRoutes(
  app: FastifyInstance,
  deps: {
    repo: VodRepository;
    keys: KeysService;
    storage: MediaStorage;
    defaultChannelKey: string;
  },
) {
  typed(app).get(
    '/media/vod/:publicId/:file',
    {
      config: { keyless: true },
      schema: {
        tags: ['vod'],
        description: "A published VOD item's poster or preview (public, like a teaser).",
        params: ParamsSchema,
        response: storedFileResponses(MEDIA_FILE_TYPES),
      },
    },
    async (req, reply) => {
      const { publicId, file } = req.params;
      if (!rawPathIsPlain(req) || !z.uuid().safeParse(publicId).success) throw notFound();
      const channel = await deps.keys.channelForHost(req.hostname, deps.defaultChannelKey);
      const assets = await deps.repo.publicAsset(channel.id, publicId, PUBLIC_KINDS);
      const asset = assets.find(
        (a) => a.storage_key && path.posix.basename(a.storage_key) === file,
      );
      const contentType = contentTypeOf(file);
      if (!asset?.storage_key || !contentType) throw notFound();
      return sendStored(deps.storage, asset.storage_key, req, reply, {
        'content-type': contentType,
        'cache-control': 'public, max-age=3600',
      });
    },
  );
}
