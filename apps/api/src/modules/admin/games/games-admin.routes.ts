import type { FastifyInstance } from 'fastify';
import {
  AdminDeletedSchema,
  AdminGameBodySchema,
  AdminGameOptionsSchema,
  AdminGameSchema,
  AdminGamesPageSchema,
  AdminGamesQuerySchema,
  ErrorBodySchema,
  IdParamsSchema,
  KeyedQuerySchema,
} from '@rudy/contracts';
import { typed } from '../../../lib/route-types.js';
import { adminErrors } from '../admin.routes.js';
import type { GamesAdminService } from './games-admin.service.js';

const tags = ['admin'];
const withMissing = { ...adminErrors, 404: ErrorBodySchema } as const;

/** /api/admin/games: the channel's schedule (admin scope only). */
export function gamesAdminRoutes(scope: FastifyInstance, games: GamesAdminService) {
  const r = typed(scope);

  r.get(
    '/api/admin/games',
    {
      schema: {
        tags,
        description: 'Games not yet over (soonest first) or over (latest first), a page at a time.',
        querystring: AdminGamesQuerySchema,
        response: { 200: AdminGamesPageSchema, ...adminErrors },
      },
    },
    (req) => games.page(req.admin.channelId, req.query),
  );

  r.get(
    '/api/admin/games/options',
    {
      schema: {
        tags,
        description:
          'Teams, sports and rinks a game can have; the channel’s time zone and currency.',
        querystring: KeyedQuerySchema,
        response: { 200: AdminGameOptionsSchema, ...adminErrors },
      },
    },
    (req) => games.options(req.admin.channelId, req.locale),
  );

  r.get(
    '/api/admin/games/:id',
    {
      schema: {
        tags,
        description: 'One game as the console edits it.',
        params: IdParamsSchema,
        querystring: KeyedQuerySchema,
        response: { 200: AdminGameSchema, ...withMissing },
      },
    },
    (req) => games.get(req.admin.channelId, req.params.id),
  );

  r.post(
    '/api/admin/games',
    {
      schema: {
        tags,
        description: 'Schedules a game; a paid or pay-per-view one with its price (audited).',
        body: AdminGameBodySchema,
        response: { 200: AdminGameSchema, ...adminErrors },
      },
    },
    (req) => games.create(req.admin, req.body),
  );

  r.patch(
    '/api/admin/games/:id',
    {
      schema: {
        tags,
        description: 'Changes a game (every field is sent; audited).',
        params: IdParamsSchema,
        body: AdminGameBodySchema,
        response: { 200: AdminGameSchema, ...withMissing },
      },
    },
    (req) => games.update(req.admin, req.params.id, req.body),
  );

  r.delete(
    '/api/admin/games/:id',
    {
      schema: {
        tags,
        description: 'Deletes a game never sold and without clips (409 in_use otherwise; audited).',
        params: IdParamsSchema,
        querystring: KeyedQuerySchema,
        response: { 200: AdminDeletedSchema, ...withMissing, 409: ErrorBodySchema },
      },
    },
    async (req) => {
      await games.remove(req.admin, req.params.id);
      return { id: req.params.id, deleted: true as const };
    },
  );
}
