import type { FastifyInstance } from 'fastify';
import { AdminMeSchema, KeyedQuerySchema } from '@rudy/contracts';
import { typed } from '../../lib/route-types.js';
import type { ChannelService } from '../channel/channel.service.js';
import type { AdminRepository } from './admin.repository.js';

import { adminErrors } from './admin-access.js';

/** The console routes' error answers (defined with the console's access rules). */
export { adminErrors };

/** The console's own calls (the shell asks who is signed in and for which channel). */
export function adminRoutes(
  scope: FastifyInstance,
  deps: { repo: AdminRepository; channel: ChannelService },
) {
  typed(scope).get(
    '/api/admin/me',
    {
      schema: {
        tags: ['admin'],
        description: 'The signed-in channel admin and their channel. 403 for anyone else.',
        querystring: KeyedQuerySchema,
        response: { 200: AdminMeSchema, ...adminErrors },
      },
    },
    async (req) => {
      const { userId, channelId } = req.admin;
      const [user, channel, settings] = await Promise.all([
        deps.repo.user(userId),
        deps.repo.channel(channelId),
        deps.channel.settings(channelId),
      ]);
      return {
        user,
        channel: {
          key: channel.key,
          name: settings.channel_name || channel.name,
          time_zone: settings.time_zone,
          currency: settings.currency,
        },
      };
    },
  );
}
