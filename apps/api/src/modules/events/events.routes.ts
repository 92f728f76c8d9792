import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  EventSchema,
  EventsPageSchema,
  EventsQuerySchema,
  FavoriteEventsQuerySchema,
  HomepageEventsSchema,
  IdParamsSchema,
  KeyedQuerySchema,
} from '@rudy/contracts';
import { requireLogin } from '../../lib/require-login.js';
import { keyedErrors, keyedErrorsWith404, typed } from '../../lib/route-types.js';
import type { EventsService, Viewer } from './events.service.js';

const tags = ['events'];
const JSON_TYPE = 'application/json; charset=utf-8';
const viewerOf = (req: FastifyRequest): Viewer => ({
  channelId: req.auth.channelId,
  userId: req.auth.userId,
  locale: req.locale,
});

export function eventsRoutes(app: FastifyInstance, events: EventsService) {
  const r = typed(app);

  r.get(
    '/api/events-for-homepage',
    {
      schema: {
        tags,
        description: 'Live now, next upcoming and most recent finished events.',
        querystring: KeyedQuerySchema,
        response: { 200: HomepageEventsSchema, ...keyedErrors },
      },
    },
    (req) => events.homepage(viewerOf(req)),
  );

  r.get(
    '/api/events',
    {
      schema: {
        tags,
        description: "The channel's events, filtered, sorted and paginated.",
        querystring: EventsQuerySchema,
        response: { 200: EventsPageSchema, ...keyedErrors },
      },
    },
    async (req, reply) => {
      // Sent pre-serialised (possibly from cache); the page was built from typed rows.
      const json = await events.listJson(viewerOf(req), req.query);
      return reply.type(JSON_TYPE).send(json as never);
    },
  );

  r.get(
    '/api/events/favorite',
    {
      preValidation: requireLogin,
      schema: {
        tags,
        description: "Events of the signed-in user's favourite teams, schools and sports.",
        querystring: FavoriteEventsQuerySchema,
        response: { 200: EventsPageSchema, ...keyedErrors },
      },
    },
    (req) => events.favorites(viewerOf(req), req.query),
  );

  r.get(
    '/api/events/with_clip',
    {
      schema: {
        tags,
        description: 'Events that have at least one finished clip; same filters as /events.',
        querystring: EventsQuerySchema,
        response: { 200: EventsPageSchema, ...keyedErrors },
      },
    },
    async (req, reply) => {
      const json = await events.withClipJson(viewerOf(req), req.query);
      return reply.type(JSON_TYPE).send(json as never);
    },
  );

  r.get(
    '/api/events/:id',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: KeyedQuerySchema,
        response: { 200: EventSchema, ...keyedErrorsWith404 },
      },
    },
    async (req, reply) => {
      const json = await events.byIdJson(viewerOf(req), req.params.id);
      return reply.type(JSON_TYPE).send(json as never);
    },
  );
}
