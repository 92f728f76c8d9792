import type { FastifyInstance } from 'fastify';
import { IdParamsSchema, PrerollShownBodySchema, PrerollShownSchema } from '@rudy/contracts';
import { notFound } from '../../lib/http-error.js';
import { keyedErrorsWith404, typed } from '../../lib/route-types.js';
import { viewerOf, type PrerollsService } from './prerolls.service.js';

/**
 * The client reports a pre-roll once it has played (or been skipped). Suppression starts then, not
 * when /playback hands the pre-roll out: a viewer who reloads before the ad ran still gets it.
 */
export function prerollsRoutes(
  app: FastifyInstance,
  prerolls: PrerollsService,
  eventExists: (channelId: number, eventId: number) => Promise<boolean>,
) {
  typed(app).post(
    '/api/prerolls/:id/shown',
    {
      schema: {
        tags: ['playback'],
        description:
          'Marks a pre-roll as shown to the caller (user, or API key when anonymous) for an event; it is not chosen again for that event during its suppression time (default one hour).',
        params: IdParamsSchema,
        body: PrerollShownBodySchema,
        response: { 200: PrerollShownSchema, ...keyedErrorsWith404 },
      },
    },
    async (req) => {
      if (!(await eventExists(req.auth.channelId, req.body.event_id)))
        throw notFound('Event not found');
      return prerolls.markShown(
        req.auth.channelId,
        viewerOf(req.auth),
        req.body.event_id,
        req.params.id,
      );
    },
  );
}
