import type { FastifyInstance } from 'fastify';
import { AdminBrandingBodySchema, AdminBrandingSchema, KeyedQuerySchema } from '@rudy/contracts';
import { typed } from '../../../lib/route-types.js';
import { adminErrors } from '../admin.routes.js';
import type { BrandingAdminService } from './branding-admin.service.js';

const tags = ['admin'];

/** /api/admin/branding: the channel's name, logo and web colours (admin scope only). */
export function brandingAdminRoutes(scope: FastifyInstance, branding: BrandingAdminService) {
  const r = typed(scope);

  r.get(
    '/api/admin/branding',
    {
      schema: {
        tags,
        description: 'The channel’s name, logo and web colours as the console edits them.',
        querystring: KeyedQuerySchema,
        response: { 200: AdminBrandingSchema, ...adminErrors },
      },
    },
    (req) => branding.get(req.admin.channelId),
  );

  r.patch(
    '/api/admin/branding',
    {
      schema: {
        tags,
        description:
          'Replaces the name, logo and every theme colour (audited; viewers see it at once). ' +
          'Colour pairs that fail WCAG AA are the console’s warning, not a refusal.',
        body: AdminBrandingBodySchema,
        response: { 200: AdminBrandingSchema, ...adminErrors },
      },
    },
    (req) => branding.update(req.admin, req.body),
  );
}
