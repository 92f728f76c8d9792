import type { FastifyInstance } from 'fastify';
import {
  AdminCommerceOptionsSchema,
  AdminOrderDetailSchema,
  AdminOrdersPageSchema,
  AdminOrdersQuerySchema,
  AdminPassBodySchema,
  AdminPassListSchema,
  AdminPassSchema,
  AdminPlanBodySchema,
  AdminPlanListSchema,
  AdminPlanSchema,
  AdminPrerollBodySchema,
  AdminPrerollListSchema,
  AdminPrerollSchema,
  AdminPromoBodySchema,
  AdminPromoListSchema,
  AdminPromoSchema,
  AdminRefundBodySchema,
  ErrorBodySchema,
  IdParamsSchema,
  KeyedQuerySchema,
} from '@rudy/contracts';
import { typed } from '../../../lib/route-types.js';
import { adminErrors } from '../admin.routes.js';
import { auditedRoutes } from '../audited-routes.js';
import type { CommerceAdmin } from './commerce-admin.js';

const tags = ['admin'];
const listed = <T>(data: Promise<T[]>) => data.then((d) => ({ data: d }));

/** The console's commerce: passes, plans, promo codes, pre-rolls, orders and refunds. */
export function commerceAdminRoutes(scope: FastifyInstance, c: CommerceAdmin) {
  const app = typed(scope);
  const keyed = { tags, querystring: KeyedQuerySchema };

  app.get(
    '/api/admin/passes',
    {
      schema: {
        ...keyed,
        description: 'The channel’s passes, with orders and holders.',
        response: { 200: AdminPassListSchema, ...adminErrors },
      },
    },
    (req) => listed(c.products.passes.list(req.admin.channelId)),
  );
  auditedRoutes(scope, {
    path: '/api/admin/passes',
    body: AdminPassBodySchema,
    item: AdminPassSchema,
    describe: {
      create: 'Adds a pass in the channel’s currency (audited; on sale at once unless disabled).',
      update: 'Changes a pass; `disabled` takes it off sale (audited).',
      remove: 'Deletes a pass never bought (409 in_use otherwise: switch it off).',
    },
    service: c.products.passes,
  });

  app.get(
    '/api/admin/plans',
    {
      schema: {
        ...keyed,
        description: 'The channel’s subscription plans.',
        response: { 200: AdminPlanListSchema, ...adminErrors },
      },
    },
    (req) => listed(c.products.plans.list(req.admin.channelId)),
  );
  auditedRoutes(scope, {
    path: '/api/admin/plans',
    body: AdminPlanBodySchema,
    item: AdminPlanSchema,
    describe: {
      create: 'Adds a subscription plan (audited).',
      update: 'Changes a plan; `disabled` takes it off sale, held ones run on (audited).',
      remove: 'Deletes a plan never bought (409 in_use otherwise: switch it off).',
    },
    service: c.products.plans,
  });

  app.get(
    '/api/admin/promo-codes',
    {
      schema: {
        ...keyed,
        description: 'The channel’s promo codes with their uses.',
        response: { 200: AdminPromoListSchema, ...adminErrors },
      },
    },
    (req) => listed(c.promo.list(req.admin.channelId)),
  );
  auditedRoutes(scope, {
    path: '/api/admin/promo-codes',
    body: AdminPromoBodySchema,
    item: AdminPromoSchema,
    describe: {
      create: 'Adds a promo code (audited; 400 when the code exists).',
      update: 'Changes a promo code; the limit cannot go below its uses (audited).',
      remove: 'Deletes a code never used (409 in_use otherwise: switch it off).',
    },
    service: c.promo,
  });

  app.get(
    '/api/admin/prerolls',
    {
      schema: {
        ...keyed,
        description: 'The channel’s pre-rolls, with their chances.',
        response: { 200: AdminPrerollListSchema, ...adminErrors },
      },
    },
    (req) => listed(c.prerolls.list(req.admin.channelId)),
  );
  auditedRoutes(scope, {
    path: '/api/admin/prerolls',
    body: AdminPrerollBodySchema,
    item: AdminPrerollSchema,
    describe: {
      create: 'Adds a pre-roll (audited; playback chooses it at once).',
      update: 'Changes a pre-roll: targeting, weight, suppression, on or off (audited).',
      remove: 'Deletes a pre-roll and its suppressions (audited).',
    },
    service: c.prerolls,
  });

  app.get(
    '/api/admin/commerce/options',
    {
      schema: {
        tags,
        description: 'What the commerce forms choose from (sports, teams, rinks, products).',
        querystring: KeyedQuerySchema,
        response: { 200: AdminCommerceOptionsSchema, ...adminErrors },
      },
    },
    (req) => c.options(req.admin.channelId),
  );

  app.get(
    '/api/admin/orders',
    {
      schema: {
        tags,
        description: 'The channel’s orders, newest first; `q` is an e-mail (part) or an order id.',
        querystring: AdminOrdersQuerySchema,
        response: { 200: AdminOrdersPageSchema, ...adminErrors },
      },
    },
    (req) => c.orders.page(req.admin.channelId, req.query),
  );
  app.get(
    '/api/admin/orders/:id',
    {
      schema: {
        tags,
        description: 'One order: items, discount, payment, period.',
        params: IdParamsSchema,
        querystring: KeyedQuerySchema,
        response: { 200: AdminOrderDetailSchema, ...adminErrors, 404: ErrorBodySchema },
      },
    },
    (req) => c.orders.detail(req.admin.channelId, req.params.id),
  );
  app.post(
    '/api/admin/orders/:id/refund',
    {
      schema: {
        tags,
        description:
          'Refunds the whole amount through the payment provider and ends what the order granted ' +
          '(audited). Repeating it changes nothing. 409 not_refundable; 502 when the provider fails.',
        params: IdParamsSchema,
        body: AdminRefundBodySchema,
        response: {
          200: AdminOrderDetailSchema,
          ...adminErrors,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
          502: ErrorBodySchema,
        },
      },
    },
    (req) => c.orders.refund(req.admin, req.params.id),
  );
}
