import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@rudy/contracts';

/** The app with zod typing on routes: every route declares params, query, body and responses. */
export type App = ReturnType<FastifyInstance['withTypeProvider']> & FastifyInstance;
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

/** Error responses every keyed route can give, for the OpenAPI document. */
export const keyedErrors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  429: ErrorBodySchema,
} as const;
export const keyedErrorsWith404 = { ...keyedErrors, 404: ErrorBodySchema } as const;
