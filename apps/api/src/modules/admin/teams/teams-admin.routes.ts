import type { FastifyInstance } from 'fastify';
import {
  AdminTeamBodySchema,
  AdminTeamListSchema,
  AdminTeamSchema,
  KeyedQuerySchema,
} from '@rudy/contracts';
import { typed } from '../../../lib/route-types.js';
import { adminErrors } from '../admin.routes.js';
import { auditedRoutes } from '../audited-routes.js';
import type { TeamsAdminService } from './teams-admin.service.js';

/** /api/admin/teams: the channel's teams (admin scope only). */
export function teamsAdminRoutes(scope: FastifyInstance, teams: TeamsAdminService) {
  typed(scope).get(
    '/api/admin/teams',
    {
      schema: {
        tags: ['admin'],
        description: 'Every team of the channel, with how many games each plays in.',
        querystring: KeyedQuerySchema,
        response: { 200: AdminTeamListSchema, ...adminErrors },
      },
    },
    async (req) => ({ data: await teams.list(req.admin.channelId) }),
  );
  auditedRoutes(scope, {
    path: '/api/admin/teams',
    body: AdminTeamBodySchema,
    item: AdminTeamSchema,
    describe: {
      create: 'Adds a team (audited; viewers see it at once).',
      update: 'Changes a team (every field is sent; audited).',
      remove: 'Deletes a team that plays in no game (409 in_use otherwise; audited).',
    },
    service: teams,
  });
}
