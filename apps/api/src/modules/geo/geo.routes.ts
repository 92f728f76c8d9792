import type { FastifyInstance } from 'fastify';
import { GeoSchema, KeyedQuerySchema } from '@rudy/contracts';
import { keyedErrors, typed } from '../../lib/route-types.js';
import type { ChannelService } from '../channel/channel.service.js';
import type { GeoService } from './geo.service.js';

export function geoRoutes(app: FastifyInstance, geo: GeoService, channel: ChannelService) {
  typed(app).get(
    '/api/geo',
    {
      schema: {
        tags: ['channel'],
        description: "The caller's country (from the client IP behind trusted proxies only).",
        querystring: KeyedQuerySchema,
        response: { 200: GeoSchema, ...keyedErrors },
      },
    },
    async (req) => {
      const settings = await channel.settings(req.auth.channelId);
      return geo.locate(req.ip, {
        allowed: settings.geo_allowed_countries,
        blocked: settings.geo_blocked_countries,
      });
    },
  );
}
