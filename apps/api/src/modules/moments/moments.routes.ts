import type { FastifyInstance } from 'fastify';
import { IdParamsSchema, KeyedQuerySchema, MomentListSchema } from '@rudy/contracts';
import { keyedErrorsWith404, typed } from '../../lib/route-types.js';
import type { MomentsService } from './moments.service.js';

/** GET /api/events/{id}/moments: a game's key moments for its watch page (issue 35). */
export function momentsRoutes(app: FastifyInstance, moments: MomentsService) {
  typed(app).get(
    '/api/events/:id/moments',
    {
      schema: {
        tags: ['events'],
        description:
          'The key moments of a published game, in time order: crowd roars the detector found in its audio and moments the operator marked. Times are seconds of the recording (the clock of clips). A live game’s list grows as it is played.',
        params: IdParamsSchema,
        querystring: KeyedQuerySchema,
        response: { 200: MomentListSchema, ...keyedErrorsWith404 },
      },
    },
    (req) => moments.list(req.auth.channelId, req.params.id),
  );
}
