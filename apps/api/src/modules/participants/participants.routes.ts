import type { FastifyInstance } from 'fastify';
import {
  IdParamsSchema,
  KeyedQuerySchema,
  ParticipantSchema,
  ParticipantsPageSchema,
  ParticipantsQuerySchema,
} from '@rudy/contracts';
import { keyedErrors, keyedErrorsWith404, typed } from '../../lib/route-types.js';
import type { ParticipantsService } from './participants.service.js';

const tags = ['participants'];

export function participantsRoutes(app: FastifyInstance, participants: ParticipantsService) {
  const r = typed(app);

  r.get(
    '/api/participants',
    {
      schema: {
        tags,
        description: 'Teams in name order, filtered; paginated unless no_limit=1.',
        querystring: ParticipantsQuerySchema,
        response: { 200: ParticipantsPageSchema, ...keyedErrors },
      },
    },
    (req) => participants.list(req.auth.channelId, req.query),
  );

  r.get(
    '/api/participants/:id',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: KeyedQuerySchema,
        response: { 200: ParticipantSchema, ...keyedErrorsWith404 },
      },
    },
    (req) => participants.byId(req.auth.channelId, req.params.id),
  );
}
