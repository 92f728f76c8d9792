import type { FastifyInstance } from 'fastify';
import {
  ClipDownloadSchema,
  ClipListSchema,
  ClipSchema,
  CreateClipBodySchema,
  ErrorBodySchema,
  IdParamsSchema,
  KeyedQuerySchema,
  MessageResponseSchema,
  SharedClipSchema,
  ShareUuidParamsSchema,
} from '@rudy/contracts';
import { keyedErrorsWith404, typed } from '../../lib/route-types.js';
import { callerOf } from '../../lib/caller.js';
import type { ClipsService } from './clips.service.js';

const tags = ['clips'];
const errors = { ...keyedErrorsWith404, 403: ErrorBodySchema, 409: ErrorBodySchema } as const;
const withCreateErrors = { ...errors, 503: ErrorBodySchema } as const;

/** Spec section 7's clip calls. */
export function clipsRoutes(app: FastifyInstance, clips: ClipsService) {
  const r = typed(app);

  r.post(
    '/api/clip',
    {
      schema: {
        tags,
        description:
          "Queues a clip of the game (status 'processing'); poll /clips/event/{id} until 'success' or 'error'. Needs `clipping`; counts against the `clip` feature count.",
        body: CreateClipBodySchema,
        response: { 200: ClipSchema, ...withCreateErrors },
      },
    },
    (req) => clips.create(callerOf(req), req.body),
  );

  r.get(
    '/api/clips/user',
    {
      schema: {
        tags,
        description: "The caller's clips, newest first, with their clip budget.",
        querystring: KeyedQuerySchema,
        response: { 200: ClipListSchema, ...errors },
      },
    },
    (req) => clips.ofUser(callerOf(req)),
  );

  r.get(
    '/api/clips/event/:id',
    {
      schema: {
        tags,
        description: "The caller's clips of one game.",
        params: IdParamsSchema,
        querystring: KeyedQuerySchema,
        response: { 200: ClipListSchema, ...errors },
      },
    },
    (req) => clips.ofEvent(callerOf(req), req.params.id),
  );

  r.get(
    '/api/shared-clip/:uuid',
    {
      schema: {
        tags,
        description: 'A finished clip by its share uuid: anyone with the link may watch it.',
        params: ShareUuidParamsSchema,
        querystring: KeyedQuerySchema,
        response: { 200: SharedClipSchema, ...errors },
      },
    },
    (req) => clips.shared(callerOf(req), req.params.uuid),
  );

  r.get(
    '/api/clip/download/:id',
    {
      schema: {
        tags,
        description: "A signed link to the owner's clip as MP4. Needs `download_clip`.",
        params: IdParamsSchema,
        querystring: KeyedQuerySchema,
        response: { 200: ClipDownloadSchema, ...errors },
      },
    },
    (req) => clips.download(callerOf(req), req.params.id),
  );

  r.delete(
    '/api/clip/:id',
    {
      schema: {
        tags,
        description: 'Deletes the caller’s clip and its files.',
        params: IdParamsSchema,
        querystring: KeyedQuerySchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    (req) => clips.remove(callerOf(req), req.params.id),
  );
}
