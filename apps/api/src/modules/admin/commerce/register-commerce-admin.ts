import type { FastifyInstance } from 'fastify';
import type { DB } from '../../../db/database.js';
import type { ChannelChangeBus } from '../../../lib/channel-change-bus.js';
import type { ChannelService } from '../../channel/channel.service.js';
import type { CommerceHandle } from '../../commerce/register-commerce.js';
import type { AdminAccess } from '../admin-access.js';
import { createAdminChanges } from '../admin-changes.js';
import { createViewerCaches, type ChannelCaches } from '../viewer-caches.js';
import { createCommerceAdmin } from './commerce-admin.js';
import { commerceAdminRoutes } from './commerce-admin.routes.js';
import { createRevenueAdmin } from '../revenue/revenue-admin.service.js';
import { revenueAdminRoutes } from '../revenue/revenue-admin.routes.js';

/**
 * The console's commerce area in the admin scope. Its changes clear the viewers' caches the other
 * areas clear plus the pre-roll list's (here and, through the bus, in the other processes), and
 * refunds go through the shop's own provider and fulfilment.
 */
export async function registerCommerceAdmin(
  app: FastifyInstance,
  deps: {
    db: DB;
    access: AdminAccess;
    channel: ChannelService;
    commerce: Pick<CommerceHandle, 'provider' | 'fulfilment'>;
    /** The bootstrap, listings and pre-roll caches. */
    caches: readonly ChannelCaches[];
    bus?: ChannelChangeBus;
    now: () => Date;
  },
) {
  const { db, channel } = deps;
  const commerce = createCommerceAdmin({
    db,
    changes: createAdminChanges({ db, caches: createViewerCaches(deps.caches, deps.bus) }),
    currency: async (channelId) => (await channel.settings(channelId)).currency,
    provider: deps.commerce.provider,
    fulfilment: deps.commerce.fulfilment,
    now: deps.now,
  });
  const revenue = createRevenueAdmin({
    db,
    provider: deps.commerce.provider,
    timeZone: async (channelId) => (await channel.settings(channelId)).time_zone,
  });
  await deps.access.routes(app, (scope) => {
    commerceAdminRoutes(scope, commerce);
    revenueAdminRoutes(scope, revenue);
  });
}
