import type { FastifyInstance } from 'fastify';
import { HomepageEventsSchema, KeyedQuerySchema } from '@rudy/contracts';
import { keyedErrors, typed } from '../../lib/route-types.js';
import type { EventsService } from './events.service.js';

export function eventsRoutes(app: FastifyInstance, events: EventsService) {
  typed(app).get(
    '/api/events-for-homepage',
    {
      schema: {
        tags: ['events'],
        description: 'Live now, next upcoming and most recent finished events.',
        querystring: KeyedQuerySchema,
        response: { 200: HomepageEventsSchema, ...keyedErrors },
      },
    },
    (req) =>
      events.homepage({
        channelId: req.auth.channelId,
        userId: req.auth.userId,
        locale: req.locale,
      }),
  );
}
