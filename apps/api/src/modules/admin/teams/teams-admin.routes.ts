import type { FastifyInstance } from 'fastify';
import {
  AdminDeletedSchema,
  AdminTeamBodySchema,
  AdminTeamListSchema,
  AdminTeamSchema,
  ErrorBodySchema,
  IdParamsSchema,
  KeyedQuerySchema,
} from '@rudy/contracts';
import { typed } from '../../../lib/route-types.js';
import { adminErrors } from '../admin.routes.js';
import type { TeamsAdminService } from './teams-admin.service.js';

const tags = ['admin'];
const withMissing = { ...adminErrors, 404: ErrorBodySchema } as const;

/** /api/admin/teams: the channel's teams (admin scope only). */
export function teamsAdminRoutes(scope: FastifyInstance, teams: TeamsAdminService) {
  const r = typed(scope);

  r.get(
    '/api/admin/teams',
    {
      schema: {
        tags,
        description: 'Every team of the channel, with how many games each plays in.',
        querystring: KeyedQuerySchema,
        response: { 200: AdminTeamListSchema, ...adminErrors },
      },
    },
    async (req) => ({ data: await teams.list(req.admin.channelId) }),
  );

  r.post(
    '/api/admin/teams',
    {
      schema: {
        tags,
        description: 'Adds a team (audited; viewers see it at once).',
        body: AdminTeamBodySchema,
        response: { 200: AdminTeamSchema, ...adminErrors },
      },
    },
    (req) => teams.create(req.admin, req.body),
  );

  r.patch(
    '/api/admin/teams/:id',
    {
      schema: {
        tags,
        description: 'Changes a team (every field is sent; audited).',
        params: IdParamsSchema,
        body: AdminTeamBodySchema,
        response: { 200: AdminTeamSchema, ...withMissing },
      },
    },
    (req) => teams.update(req.admin, req.params.id, req.body),
  );

  r.delete(
    '/api/admin/teams/:id',
    {
      schema: {
        tags,
        description: 'Deletes a team that plays in no game (409 in_use otherwise; audited).',
        params: IdParamsSchema,
        querystring: KeyedQuerySchema,
        response: { 200: AdminDeletedSchema, ...withMissing, 409: ErrorBodySchema },
      },
    },
    async (req) => {
      await teams.remove(req.admin, req.params.id);
      return { id: req.params.id, deleted: true as const };
    },
  );
}
