import type { FastifyInstance } from 'fastify';
import type { ChannelService } from '../channel/channel.service.js';
import { geoRoutes } from './geo.routes.js';
import { createGeoService, type CountryLookup } from './geo.service.js';

/** Where a viewer is (by IP) and the channel's geo rules for it. */
export function registerGeo(
  app: FastifyInstance,
  deps: { countryLookup: CountryLookup | undefined; channel: ChannelService },
) {
  const geo = createGeoService(deps.countryLookup);
  geoRoutes(app, geo, deps.channel);
  return geo;
}
