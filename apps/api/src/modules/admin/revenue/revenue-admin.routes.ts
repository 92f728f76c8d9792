import type { FastifyInstance } from 'fastify';
import { AdminRevenueQuerySchema, AdminRevenueSchema } from '@rudy/contracts';
import { nonJsonResponse, typed } from '../../../lib/route-types.js';
import { asLocale } from '../../auth/account-mail.js';
import { adminErrors } from '../admin.routes.js';
import type { RevenueAdmin } from './revenue-admin.service.js';

const tags = ['admin'];

/** The console's revenue report and its CSV export (read-only: nothing to audit). */
export function revenueAdminRoutes(scope: FastifyInstance, revenue: RevenueAdmin) {
  const app = typed(scope);
  app.get(
    '/api/admin/revenue',
    {
      schema: {
        tags,
        description:
          'Paid orders of a range of days (channel time zone) by period, product and game, with ' +
          'fees, discounts and refunds; Stripe’s charges, fees and payouts where available.',
        querystring: AdminRevenueQuerySchema,
        response: { 200: AdminRevenueSchema, ...adminErrors },
      },
    },
    (req) => revenue.report(req.admin.channelId, req.query, asLocale(req.query.lang ?? 'en')),
  );
  app.get(
    '/api/admin/revenue.csv',
    {
      schema: {
        tags,
        description:
          'The same range as CSV, one row per order line; the rows add up to the orders.',
        querystring: AdminRevenueQuerySchema,
        response: { 200: nonJsonResponse('The CSV file', ['text/csv']), ...adminErrors },
      },
    },
    async (req, reply) => {
      const body = await revenue.csv(
        req.admin.channelId,
        req.query,
        asLocale(req.query.lang ?? 'en'),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header(
          'content-disposition',
          `attachment; filename="revenue-${req.query.from}-${req.query.to}.csv"`,
        )
        .send(body);
    },
  );
}
