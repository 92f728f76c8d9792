import type { FastifyInstance } from 'fastify';
import { KeyedQuerySchema, ProfileSchema, type Profile } from '@rudy/contracts';
import { HttpError } from '../../lib/http-error.js';
import { keyedErrors, typed } from '../../lib/route-types.js';
import type { UsersRepository } from './users.repository.js';

/**
 * GET /profile: who holds this key. An anonymous key gets 401, which the client takes silently as
 * "not signed in". Capabilities come from purchases (commerce issue); none exist before it.
 */
export function profileRoutes(app: FastifyInstance, users: UsersRepository) {
  typed(app).get(
    '/api/profile',
    {
      schema: {
        tags: ['auth'],
        querystring: KeyedQuerySchema,
        response: { 200: ProfileSchema, ...keyedErrors },
      },
    },
    async (req): Promise<Profile> => {
      const { userId, channelId } = req.auth;
      const user = userId === null ? undefined : await users.findById(channelId, userId);
      if (!user) throw new HttpError(401, 'unauthenticated', 'user must be logged in');
      return {
        id: user.id,
        email: user.email,
        first_name: user.first_name,
        last_name: user.last_name,
        newsletter: user.newsletter,
        trial_period_used: user.trial_period_used,
        temporary_password: user.temporary_password,
        email_verified: user.email_verified_at !== null,
        capabilities: [],
        featureCount: {},
        is_geo_blocked: false,
      };
    },
  );
}
