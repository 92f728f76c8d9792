import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AdminCaptionBodySchema,
  AdminCaptionListSchema,
  AdminCaptionParamsSchema,
  AdminCaptionSchema,
  AdminCaptionTargetParamsSchema,
  CAPTION_MAX_BYTES,
  CaptionLanguageSchema,
  ErrorBodySchema,
  KeyedQuerySchema,
} from '@rudy/contracts';
import { typed } from '../../../lib/route-types.js';
import { withMissing } from '../admin-access.js';
import type { CaptionsAdminService } from '../../captions/captions-admin.service.js';

const tags = ['admin'];

/**
 * /api/admin/captions/{games|library|clips}/{id}[/{lang}]: a replay's, a library video's or a
 * clip's WebVTT captions, one per language (admin scope only; every change audited).
 */
export function captionsAdminRoutes(scope: FastifyInstance, captions: CaptionsAdminService) {
  const r = typed(scope);

  r.get(
    '/api/admin/captions/:kind/:id',
    {
      schema: {
        tags,
        description: 'The captions of a game’s replay, a library video or a clip, by language.',
        params: AdminCaptionTargetParamsSchema,
        querystring: KeyedQuerySchema,
        response: { 200: AdminCaptionListSchema, ...withMissing },
      },
    },
    (req) => captions.list(req.admin.channelId, req.params.kind, req.params.id),
  );

  r.post(
    '/api/admin/captions/:kind/:id/:lang',
    {
      // JSON escapes can double a file's size; the file itself is checked against the limit.
      bodyLimit: CAPTION_MAX_BYTES * 2 + 4096,
      schema: {
        tags,
        description: `Uploads (or replaces) the captions in one language: a WebVTT file of at most ${CAPTION_MAX_BYTES} bytes, parsed as browsers do; the master playlist then lists it as a subtitle rendition.`,
        params: AdminCaptionParamsSchema,
        body: AdminCaptionBodySchema,
        response: { 200: AdminCaptionSchema, ...withMissing, 413: ErrorBodySchema },
      },
    },
    (req) => captions.put(req.admin, req.params.kind, req.params.id, req.params.lang, req.body.vtt),
  );

  r.delete(
    '/api/admin/captions/:kind/:id/:lang',
    {
      schema: {
        tags,
        description: 'Removes the captions in one language.',
        params: AdminCaptionParamsSchema,
        querystring: KeyedQuerySchema,
        response: {
          200: z.object({ lang: CaptionLanguageSchema, deleted: z.literal(true) }),
          ...withMissing,
        },
      },
    },
    (req) => captions.remove(req.admin, req.params.kind, req.params.id, req.params.lang),
  );
}
