import type { FastifyInstance } from 'fastify';
import {
  AliasParamsSchema,
  CustomFormBodySchema,
  CustomFormSchema,
  KeyedQuerySchema,
} from '@rudy/contracts';
import { requireLogin } from '../../lib/require-login.js';
import { keyedErrorsWith404, typed } from '../../lib/route-types.js';
import type { CustomFormsService } from './custom-forms.service.js';

const tags = ['commerce'];

export function customFormsRoutes(app: FastifyInstance, forms: CustomFormsService) {
  const r = typed(app);
  r.get(
    '/api/custom-forms/:alias',
    {
      schema: {
        tags,
        description:
          "A channel form (e.g. 'passes', the base-pass choice) and the caller's entries; 404 when the channel has none.",
        params: AliasParamsSchema,
        querystring: KeyedQuerySchema,
        response: { 200: CustomFormSchema, ...keyedErrorsWith404 },
      },
    },
    (req) => forms.get(req.auth.channelId, req.auth.userId, req.params.alias),
  );
  r.post(
    '/api/custom-forms/:alias',
    {
      preValidation: requireLogin,
      schema: {
        tags,
        description: 'Saves entries (name, value); a name saved again is replaced.',
        params: AliasParamsSchema,
        body: CustomFormBodySchema,
        response: { 200: CustomFormSchema, ...keyedErrorsWith404 },
      },
    },
    (req) =>
      forms.save(req.auth.channelId, req.auth.userId ?? 0, req.params.alias, req.body.entries),
  );
}
