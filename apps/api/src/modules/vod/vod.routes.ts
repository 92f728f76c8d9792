import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  IdParamsSchema,
  KeyedQuerySchema,
  VodMediaCategorySchema,
  VodMediaItemDetailSchema,
  VodMediaItemsPageSchema,
  VodMediaItemsQuerySchema,
  VodMediaRailsSchema,
  VodMediaSearchQuerySchema,
} from '@rudy/contracts';
import { keyedErrors, keyedErrorsWith404, typed } from '../../lib/route-types.js';
import type { Viewer, VodService } from './vod.service.js';

const tags = ['vod'];
const JSON_TYPE = 'application/json; charset=utf-8';

const viewerOf = (req: FastifyRequest): Viewer => ({
  channelId: req.auth.channelId,
  userId: req.auth.userId,
  keyId: req.auth.keyId,
  ip: req.ip,
  locale: req.locale,
});

/** Spec section 7's VOD calls. Listings are sent pre-serialised (possibly from cache). */
export function vodRoutes(app: FastifyInstance, vod: VodService) {
  const r = typed(app);

  r.get(
    '/api/vod-media-items',
    {
      schema: {
        tags,
        description:
          "The channel's published VOD items, newest first (or by title), paged, optionally of one category or only its published highlights reels (`highlights=1`).",
        querystring: VodMediaItemsQuerySchema,
        response: { 200: VodMediaItemsPageSchema, ...keyedErrors },
      },
    },
    async (req, reply) =>
      reply.type(JSON_TYPE).send((await vod.items(viewerOf(req), req.query)) as never),
  );

  r.get(
    '/api/vod-media-items/:id',
    {
      schema: {
        tags,
        description:
          'One VOD item with the access decision; when granted, its signed HLS stream and thumbnails (tokens bound to the item and the caller’s key). Items needing vod_media_access answer `purchase` without it.',
        params: IdParamsSchema,
        querystring: KeyedQuerySchema,
        response: { 200: VodMediaItemDetailSchema, ...keyedErrorsWith404 },
      },
    },
    (req) => vod.item(viewerOf(req), req.params.id),
  );

  r.get(
    '/api/vod-media-categories',
    {
      schema: {
        tags,
        description: 'VOD categories in order, with the number of published items in each.',
        querystring: KeyedQuerySchema,
        response: { 200: z.array(VodMediaCategorySchema), ...keyedErrors },
      },
    },
    (req) => vod.categories(viewerOf(req)),
  );

  r.get(
    '/api/vod-media/search',
    {
      schema: {
        tags,
        description:
          'Published VOD items whose title or description has every word (word starts, English or French stemming, accents optional, typos in words of 4+ letters forgiven). Defaults: limit 10, offset 0, sort_field date.',
        querystring: VodMediaSearchQuerySchema,
        response: { 200: VodMediaItemsPageSchema, ...keyedErrors },
      },
    },
    async (req, reply) =>
      reply.type(JSON_TYPE).send((await vod.search(viewerOf(req), req.query)) as never),
  );

  r.get(
    '/api/vod-media-rails',
    {
      schema: {
        tags,
        description: 'The library’s rails in order, each with its published items in order.',
        querystring: KeyedQuerySchema,
        response: { 200: VodMediaRailsSchema, ...keyedErrors },
      },
    },
    async (req, reply) => reply.type(JSON_TYPE).send((await vod.rails(viewerOf(req))) as never),
  );
}
