import type { FastifyInstance } from 'fastify';
import {
  AdminReferenceDataSchema,
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
import type { ReferenceDataAdminService } from './reference-data-admin.service.js';

const inUse = 'Deletes it when nothing uses it (409 in_use otherwise; audited).';

/** /api/admin/reference-data, /sports, /rinks, /schools: what games and teams are filed under. */
export function referenceDataAdminRoutes(
  scope: FastifyInstance,
  referenceData: ReferenceDataAdminService,
) {
  typed(scope).get(
    '/api/admin/reference-data',
    {
      schema: {
        tags: ['admin'],
        description: 'The channel’s sports, rinks and schools, each with how much uses it.',
        querystring: KeyedQuerySchema,
        response: { 200: AdminReferenceDataSchema, ...adminErrors },
      },
    },
    (req) => referenceData.list(req.admin.channelId),
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
    service: referenceData.sports,
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
    service: referenceData.rinks,
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
    service: referenceData.schools,
  });
}
