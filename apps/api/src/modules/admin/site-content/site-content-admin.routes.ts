import type { FastifyInstance } from 'fastify';
import {
  AdminFaqBodySchema,
  AdminFaqSchema,
  AdminMenuItemBodySchema,
  AdminMenuItemSchema,
  AdminPageBodySchema,
  AdminPageSchema,
  AdminSiteContentSchema,
  AdminSiteSettingsBodySchema,
  AdminSiteSettingsSchema,
  AdminSlideBodySchema,
  AdminSlideSchema,
  AdminStaticBlockBodySchema,
  AdminStaticBlockSchema,
  KeyedQuerySchema,
} from '@rudy/contracts';
import { typed } from '../../../lib/route-types.js';
import { adminErrors } from '../admin.routes.js';
import { auditedRoutes } from '../audited-routes.js';
import type { SiteContentAdminService } from './site-content-admin.service.js';

const tags = ['admin'];
const describe = (what: string) => ({
  create: `Adds ${what} (audited; viewers’ bootstrap shows it at once).`,
  update: `Changes ${what} (every field is sent; audited).`,
  remove: `Deletes ${what} (audited).`,
});

/**
 * /api/admin/site-content and its parts: what the channel bootstrap serves viewers besides the
 * name, logo and colours (admin scope only).
 */
export function siteContentAdminRoutes(scope: FastifyInstance, content: SiteContentAdminService) {
  const r = typed(scope);
  r.get(
    '/api/admin/site-content',
    {
      schema: {
        tags,
        description:
          'The menu, pages, slides (web), FAQ, static blocks and site settings, in both languages.',
        querystring: KeyedQuerySchema,
        response: { 200: AdminSiteContentSchema, ...adminErrors },
      },
    },
    (req) => content.get(req.admin.channelId),
  );
  r.patch(
    '/api/admin/site-settings',
    {
      schema: {
        tags,
        description: 'The site’s default language and whether the home page shows static blocks.',
        body: AdminSiteSettingsBodySchema,
        response: { 200: AdminSiteSettingsSchema, ...adminErrors },
      },
    },
    (req) => content.updateSettings(req.admin, req.body),
  );
  auditedRoutes(scope, {
    path: '/api/admin/menu',
    body: AdminMenuItemBodySchema,
    item: AdminMenuItemSchema,
    describe: describe('a header or footer menu item'),
    service: content.menu,
  });
  auditedRoutes(scope, {
    path: '/api/admin/pages',
    body: AdminPageBodySchema,
    item: AdminPageSchema,
    describe: describe('a page (its address unique in the channel)'),
    service: content.pages,
  });
  auditedRoutes(scope, {
    path: '/api/admin/slides',
    body: AdminSlideBodySchema,
    item: AdminSlideSchema,
    describe: describe('a slide of the web carousel'),
    service: content.slides,
  });
  auditedRoutes(scope, {
    path: '/api/admin/faq',
    body: AdminFaqBodySchema,
    item: AdminFaqSchema,
    describe: describe('a question and its answer'),
    service: content.faq,
  });
  auditedRoutes(scope, {
    path: '/api/admin/static-blocks',
    body: AdminStaticBlockBodySchema,
    item: AdminStaticBlockSchema,
    describe: describe('a static block (its alias unique in the channel)'),
    service: content.blocks,
  });
}
