import type { FastifyInstance } from 'fastify';
import {
  AdminCatalogueSchema,
  AdminRinkBodySchema,
  AdminRinkSchema,
  AdminSchoolBodySchema,
  AdminSchoolSchema,
  AdminSportBodySchema,
  AdminSportSchema,
  KeyedQuerySchema,
} from '@rudy/contracts';
import { typed } from '../../../lib/route-types.js';
import { adminErrors } from '../admin.routes.js';
import { auditedRoutes } from '../audited-routes.js';
import type { CatalogueAdminService } from './catalogue-admin.service.js';

const inUse = 'Deletes it when nothing uses it (409 in_use otherwise; audited).';

/** /api/admin/catalogue, /sports, /rinks, /schools: what games and teams are filed under. */
export function catalogueAdminRoutes(scope: FastifyInstance, catalogue: CatalogueAdminService) {
  typed(scope).get(
    '/api/admin/catalogue',
    {
      schema: {
        tags: ['admin'],
        description: 'The channel’s sports, rinks and schools, each with how much uses it.',
        querystring: KeyedQuerySchema,
        response: { 200: AdminCatalogueSchema, ...adminErrors },
      },
    },
    (req) => catalogue.list(req.admin.channelId),
  );
  auditedRoutes(scope, {
    path: '/api/admin/sports',
    body: AdminSportBodySchema,
    item: AdminSportSchema,
    describe: {
      create: 'Adds a sport (an event category; audited).',
      update: 'Renames or reorders a sport (audited).',
      remove: `A sport: ${inUse}`,
    },
    service: catalogue.sports,
  });
  auditedRoutes(scope, {
    path: '/api/admin/rinks',
    body: AdminRinkBodySchema,
    item: AdminRinkSchema,
    describe: {
      create: 'Adds a rink (a location with its time zone; audited).',
      update: 'Changes a rink (audited).',
      remove: `A rink: ${inUse}`,
    },
    service: catalogue.rinks,
  });
  auditedRoutes(scope, {
    path: '/api/admin/schools',
    body: AdminSchoolBodySchema,
    item: AdminSchoolSchema,
    describe: {
      create: 'Adds a school (a group of teams; audited).',
      update: 'Renames a school (audited).',
      remove: `A school: ${inUse}`,
    },
    service: catalogue.schools,
  });
}
