import type { FastifyInstance } from 'fastify';
import {
  AnalyticsDashboardSchema,
  AnalyticsQuerySchema,
  KeyedQuerySchema,
  ViewersNowSchema,
} from '@rudy/contracts';
import { typed } from '../../lib/route-types.js';
import { adminErrors } from '../admin/admin-access.js';
import type { DashboardService } from './dashboard.service.js';

const tags = ['admin'];

/** The channel's analytics dashboard (registered in the admin scope: admins of the channel only). */
export function dashboardRoutes(scope: FastifyInstance, dashboard: DashboardService) {
  const r = typed(scope);

  r.get(
    '/api/admin/analytics/dashboard',
    {
      schema: {
        tags,
        description:
          'Views, unique viewers, watch time (by game, team, sport, school), time to first frame, visits, top pages, sign-ups, logins and revenue, for days of the channel’s time zone.',
        querystring: AnalyticsQuerySchema,
        response: { 200: AnalyticsDashboardSchema, ...adminErrors },
      },
    },
    (req) => dashboard.dashboard(req.admin.channelId, req.query, req.locale),
  );

  r.get(
    '/api/admin/analytics/now',
    {
      schema: {
        tags,
        description: 'Video views with a heartbeat in the last 75 seconds, live and on demand.',
        querystring: KeyedQuerySchema,
        response: { 200: ViewersNowSchema, ...adminErrors },
      },
    },
    (req) => dashboard.viewersNow(req.admin.channelId),
  );
}
