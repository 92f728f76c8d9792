import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '@rudy/contracts';

export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

/** Error responses every keyed route can give, for the OpenAPI document. */
export const keyedErrors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  429: ErrorBodySchema,
} as const;
export const keyedErrorsWith404 = { ...keyedErrors, 404: ErrorBodySchema } as const;

/** Text or bytes sent as they are (Fastify serializes only objects): a string in the document. */
const RawBody = z
  .custom<string | Buffer | NodeJS.ReadableStream>(() => true)
  .meta({ type: 'string', format: 'binary' });

/**
 * A response whose body is not JSON (a page, a playlist, a video), for the OpenAPI document: the
 * media types it is sent as.
 */
export const nonJsonResponse = (description: string, mediaTypes: readonly string[]) => ({
  description,
  content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: RawBody }])),
});

/** A response without a body (a redirect, say): documented with no content. */
export const emptyResponse = (description: string) => z.undefined().describe(description);
