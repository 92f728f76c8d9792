import type { FastifyInstance } from 'fastify';
import {
  AdminGameBodySchema,
  AdminGameOptionsSchema,
  AdminGamePublishBodySchema,
  AdminGameSchema,
  AdminGamesPageSchema,
  AdminGamesQuerySchema,
  IdParamsSchema,
  KeyedQuerySchema,
} from '@rudy/contracts';
import { typed } from '../../../lib/route-types.js';
import { adminErrors, withMissing } from '../admin-access.js';
import { auditedRoutes } from '../audited-routes.js';
import type { GamesAdminService } from './games-admin.service.js';

const tags = ['admin'];

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
    '/api/admin/games/:id/publish',
    {
      schema: {
        tags,
        description:
          'Hides a game from viewers (listings, event page, playback) or shows it again; audited.',
        params: IdParamsSchema,
        body: AdminGamePublishBodySchema,
        response: { 200: AdminGameSchema, ...withMissing },
      },
    },
    (req) => games.publish(req.admin, req.params.id, req.body.published),
  );

  auditedRoutes(scope, {
    path: '/api/admin/games',
    body: AdminGameBodySchema,
    item: AdminGameSchema,
    describe: {
      create: 'Schedules a game; a paid or pay-per-view one with its price (audited).',
      update: 'Changes a game (every field is sent; audited).',
      remove: 'Deletes a game never sold and without clips (409 in_use otherwise; audited).',
    },
    service: games,
  });
}
