import type { FastifyInstance } from 'fastify';
import {
  AdminSeriesBodySchema,
  AdminSeriesListSchema,
  AdminSeriesResultSchema,
  AdminSeriesSchema,
  AdminSeriesUpdateBodySchema,
  IdParamsSchema,
  KeyedQuerySchema,
} from '@rudy/contracts';
import { typed } from '../../../lib/route-types.js';
import { adminErrors, withMissing } from '../admin-access.js';
import type { SeriesAdminService } from './series-admin.service.js';

const tags = ['admin'];

/** /api/admin/series: recurring games, made, changed and cancelled as a whole (audited). */
export function seriesAdminRoutes(scope: FastifyInstance, series: SeriesAdminService) {
  const r = typed(scope);

  r.get(
    '/api/admin/series',
    {
      schema: {
        tags,
        description: 'The channel’s series of recurring games, with how many games each has.',
        querystring: KeyedQuerySchema,
        response: { 200: AdminSeriesListSchema, ...adminErrors },
      },
    },
    (req) => series.list(req.admin.channelId),
  );

  r.get(
    '/api/admin/series/:id',
    {
      schema: {
        tags,
        description: 'One series as the console edits it.',
        params: IdParamsSchema,
        querystring: KeyedQuerySchema,
        response: { 200: AdminSeriesSchema, ...withMissing },
      },
    },
    (req) => series.get(req.admin.channelId, req.params.id),
  );

  r.post(
    '/api/admin/series',
    {
      schema: {
        tags,
        description:
          'Makes a series and its games: one per chosen weekday between the two days, at the wall-clock time in the series’ zone (audited, each game too). 409 in_use for a second series of the same games.',
        body: AdminSeriesBodySchema,
        response: { 200: AdminSeriesResultSchema, ...adminErrors },
      },
    },
    (req) => series.create(req.admin, req.body),
  );

  r.patch(
    '/api/admin/series/:id',
    {
      schema: {
        tags,
        description:
          'Changes a series and its games not yet over: days no longer in it are deleted (unless sold or clipped), new days get games. Games edited on their own stay as they are unless include_detached (audited).',
        params: IdParamsSchema,
        body: AdminSeriesUpdateBodySchema,
        response: { 200: AdminSeriesResultSchema, ...withMissing },
      },
    },
    (req) => series.update(req.admin, req.params.id, req.body),
  );

  r.delete(
    '/api/admin/series/:id',
    {
      schema: {
        tags,
        description:
          'Cancels a series: its games not yet over are deleted, except those sold or clipped, which stay with the games over (audited).',
        params: IdParamsSchema,
        querystring: KeyedQuerySchema,
        response: { 200: AdminSeriesResultSchema, ...withMissing },
      },
    },
    (req) => series.remove(req.admin, req.params.id),
  );
}
