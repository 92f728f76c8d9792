import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import { z } from 'zod';
import {
  AdminChunkSchema,
  AdminMediaDeletedSchema,
  AdminMediaSubjectParamsSchema,
  AdminMediaSubjectsSchema,
  AdminPosterBodySchema,
  AdminUploadBodySchema,
  AdminUploadListSchema,
  AdminUploadParamsSchema,
  AdminUploadSchema,
  AdminUploadsQuerySchema,
  ErrorBodySchema,
  IdParamsSchema,
  KeyedQuerySchema,
  UPLOAD_CHUNK_TYPE,
  UPLOAD_LIMITS,
} from '@rudy/contracts';
import { HttpError } from '../../../lib/http-error.js';
import { typed } from '../../../lib/route-types.js';
import { adminErrors, withMissing } from '../admin-access.js';
import { OffsetConflict, type MediaAdminService } from './media-admin.service.js';

const tags = ['admin'];
const withConflict = { ...withMissing, 409: ErrorBodySchema } as const;
const KeyedBodySchema = z.object({ api_key: z.string().optional() });

const ChunkHeadersSchema = z.object({
  'upload-offset': z.coerce
    .number({ error: 'Upload-Offset must be a byte offset' })
    .int('Upload-Offset must be a byte offset')
    .min(0, 'Upload-Offset must be a byte offset'),
});

/**
 * /api/admin/media: uploads (tus-like: POST, then PATCH chunks with Upload-Offset, GET or HEAD to
 * resume, POST .../complete), their jobs, posters and a game's media files (admin scope only).
 */
export function mediaAdminRoutes(scope: FastifyInstance, media: MediaAdminService) {
  const r = typed(scope);
  // A chunk's body is streamed to disk by the handler: the parser hands the request stream on.
  scope.addContentTypeParser(UPLOAD_CHUNK_TYPE, (_req, payload, done) => {
    done(null, payload);
  });

  r.get(
    '/api/admin/media',
    {
      schema: {
        tags,
        description: 'The games and library videos, each with its video’s state and poster.',
        querystring: KeyedQuerySchema,
        response: { 200: AdminMediaSubjectsSchema, ...adminErrors },
      },
    },
    (req) => media.subjects(req.admin.channelId, req.locale),
  );

  r.get(
    '/api/admin/media/uploads',
    {
      schema: {
        tags,
        description:
          'Uploads and their transcode jobs (of one game or library video), newest first.',
        querystring: AdminUploadsQuerySchema,
        response: { 200: AdminUploadListSchema, ...adminErrors },
      },
    },
    (req) => media.list(req.admin.channelId, req.query),
  );

  r.post(
    '/api/admin/media/uploads',
    {
      schema: {
        tags,
        description:
          'Starts an upload of a game’s video or of a new library video (size, type, target).',
        body: AdminUploadBodySchema,
        response: { 200: AdminUploadSchema, ...withMissing },
      },
    },
    (req) => media.create(req.admin, req.body),
  );

  r.get(
    '/api/admin/media/uploads/:id',
    {
      schema: {
        tags,
        description: 'One upload: how many bytes arrived (resume there), then its job’s state.',
        params: AdminUploadParamsSchema,
        querystring: KeyedQuerySchema,
        response: { 200: AdminUploadSchema, ...withMissing },
      },
    },
    async (req, reply) => {
      const upload = await media.get(req.admin.channelId, req.params.id);
      reply.headers({
        'upload-offset': upload.offset_bytes,
        'upload-length': upload.size_bytes,
        'cache-control': 'no-store',
      });
      return upload;
    },
  );

  r.patch(
    '/api/admin/media/uploads/:id',
    {
      schema: {
        tags,
        description: `A chunk (${UPLOAD_CHUNK_TYPE}, at most ${UPLOAD_LIMITS.maxChunkBytes} bytes) written at Upload-Offset; the API key in X-Api-Key or the query.`,
        params: AdminUploadParamsSchema,
        headers: ChunkHeadersSchema,
        response: {
          200: AdminChunkSchema,
          ...withConflict,
          410: ErrorBodySchema,
          413: ErrorBodySchema,
          415: ErrorBodySchema,
        },
      },
    },
    async (req, reply) => {
      if (!(req.body instanceof Readable))
        throw new HttpError(
          415,
          'unsupported_media_type',
          `Send the chunk as ${UPLOAD_CHUNK_TYPE}`,
        );
      const length = req.headers['content-length'];
      try {
        const out = await media.chunk(
          req.admin,
          req.params.id,
          req.headers['upload-offset'],
          length === undefined ? null : Number(length),
          req.body,
        );
        reply.header('upload-offset', out.offset_bytes);
        return out;
      } catch (error) {
        if (error instanceof OffsetConflict) reply.header('upload-offset', error.offset);
        throw error;
      }
    },
  );

  r.post(
    '/api/admin/media/uploads/:id/complete',
    {
      schema: {
        tags,
        description:
          'Every byte received: queues the transcode, once. Idempotent: a second call (a client that lost the answer) gets the upload as it stands.',
        params: AdminUploadParamsSchema,
        body: KeyedBodySchema,
        response: {
          200: AdminUploadSchema,
          ...withConflict,
          410: ErrorBodySchema,
          415: ErrorBodySchema,
        },
      },
    },
    (req) => media.complete(req.admin, req.params.id),
  );

  r.post(
    '/api/admin/media/uploads/:id/retry',
    {
      schema: {
        tags,
        description: 'Queues a failed transcode again.',
        params: AdminUploadParamsSchema,
        body: KeyedBodySchema,
        response: { 200: AdminUploadSchema, ...withConflict },
      },
    },
    (req) => media.retry(req.admin, req.params.id),
  );

  r.post(
    '/api/admin/media/:kind/:id/poster',
    {
      bodyLimit: Math.ceil((UPLOAD_LIMITS.posterBytes * 4) / 3) + 4096,
      schema: {
        tags,
        description: 'Replaces the poster of a game or library video (JPEG, PNG or WebP data URI).',
        params: AdminMediaSubjectParamsSchema,
        body: AdminPosterBodySchema,
        response: {
          200: z.object({ id: z.number().int(), replaced: z.literal(true) }),
          ...withMissing,
          413: ErrorBodySchema,
        },
      },
    },
    (req) => media.poster(req.admin, req.params.kind, req.params.id, req.body.image),
  );

  r.delete(
    '/api/admin/media/games/:id/files',
    {
      schema: {
        tags,
        description: 'Deletes a game’s stored media (video, recording, stills, download).',
        params: IdParamsSchema,
        querystring: KeyedQuerySchema,
        response: { 200: AdminMediaDeletedSchema, ...withConflict },
      },
    },
    (req) => media.deleteGameFiles(req.admin, req.params.id),
  );
}
