import type { FastifyInstance } from 'fastify';
import {
  AdminLiveHealthSchema,
  AdminLiveIngestSchema,
  AdminLiveKeyBodySchema,
  IdParamsSchema,
  KeyedQuerySchema,
} from '@rudy/contracts';
import { typed } from '../../../lib/route-types.js';
import { withMissing } from '../admin-access.js';
import type { LiveAdminService } from './live-admin.service.js';

const tags = ['admin'];

/** /api/admin/games/:id/live: a game's RTMP ingest (admin scope only). */
export function liveAdminRoutes(scope: FastifyInstance, live: LiveAdminService) {
  const r = typed(scope);
  r.get(
    '/api/admin/games/:id/live',
    {
      schema: {
        tags,
        description:
          'The game’s ingest address, whether it has a stream key, and the stream’s state (online since, bitrate).',
        params: IdParamsSchema,
        querystring: KeyedQuerySchema,
        response: { 200: AdminLiveIngestSchema, ...withMissing },
      },
    },
    (req) => live.get(req.admin.channelId, req.params.id),
  );
  r.get(
    '/api/admin/games/:id/live/health',
    {
      schema: {
        tags,
        description:
          'What the encoder sends while live, measured from the RTMP stream (resolution, frame rate, keyframe interval, bitrates, audio, dropped and late frames), what it claims, the last disconnect, and warnings where the input does not fit the live ladder with the OBS setting to use.',
        params: IdParamsSchema,
        querystring: KeyedQuerySchema,
        response: { 200: AdminLiveHealthSchema, ...withMissing },
      },
    },
    (req) => live.health(req.admin.channelId, req.params.id),
  );
  r.post(
    '/api/admin/games/:id/live/key',
    {
      schema: {
        tags,
        description:
          'Makes a new stream key for the game (shown in this answer only); the previous key stops working and its publisher is cut. Audited.',
        params: IdParamsSchema,
        body: AdminLiveKeyBodySchema,
        response: { 200: AdminLiveIngestSchema, ...withMissing },
      },
    },
    (req) => live.rotate(req.admin, req.params.id),
  );
}
