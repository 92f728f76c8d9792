import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  SPEC_MESSAGES,
  fieldMessageText,
  refusedFields,
  type ErrorBody,
  type ErrorCode,
} from '@rudy/contracts';
import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_S } from '../lib/database-unavailable.js';
import { HttpError, TooManyRequests } from '../lib/http-error.js';

const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable, please retry shortly';

/** Fastify's own client errors mapped to our codes; anything else 4xx becomes validation_failed. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'validation_failed',
  FST_ERR_CTP_INVALID_JSON_BODY: 'validation_failed',
};

/**
 * PostgreSQL's refusals of text it cannot store (NUL: 22021; an escape it cannot hold in JSON:
 * 22P05). The storable-text guard refuses such text in any request before a query sees it; text
 * that still arrives another way is the client's bad input, not a fault of ours.
 */
const UNSTORABLE_TEXT_SQLSTATES = new Set(['22021', '22P05']);

function fieldErrors(error: FastifyError): Record<string, string> {
  const out: Record<string, string> = {};
  if (!hasZodFastifySchemaValidationErrors(error)) return out;
  for (const v of error.validation) {
    const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const field = path || '_';
    out[field] ??= v.message ?? 'Invalid value';
  }
  return out;
}

/** Field messages are codes: the body carries each field's spec text and its code. */
const withFieldTexts = (body: ErrorBody): ErrorBody =>
  body.errors ? { ...body, ...refusedFields(body.errors) } : body;

function send(reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.status(status).type('application/json; charset=utf-8').send(withFieldTexts(body));
}

/**
 * One error shape everywhere: { message, code, errors? }. Client mistakes get a 4xx that says what was
 * wrong; the database out of reach a 503 with Retry-After; server faults a 500 whose body carries
 * nothing internal.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof TooManyRequests) reply.header('retry-after', String(error.retryAfterS));
    if (error instanceof HttpError) {
      // A 5xx we chose to send (a dependency failed): its cause stays in the log, never the body.
      if (error.statusCode >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      const body: ErrorBody = { message: error.message, code: error.code };
      if (error.errors) body.errors = error.errors;
      return send(reply, error.statusCode, body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error);
      const first = Object.entries(errors)[0];
      const message = first ? `${first[0]}: ${fieldMessageText(first[1])}` : 'Invalid request';
      return send(reply, 400, { message, code: 'validation_failed', errors });
    }
    if (UNSTORABLE_TEXT_SQLSTATES.has(error.code) && error.statusCode === undefined) {
      // No stack: the request, not the code, was at fault; the log says which refusal it was.
      request.log.warn({ sqlState: error.code }, 'text the database cannot store');
      return send(reply, 400, { message: 'Invalid request', code: 'validation_failed' });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      // @fastify/rate-limit's refusal: it set Retry-After already; keep one on every 429 regardless.
      const retryAfterMs = (error as { retryAfterMs?: number }).retryAfterMs ?? 60_000;
      if (!reply.hasHeader('retry-after')) {
        reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
      }
      return send(reply, 429, { message: SPEC_MESSAGES.rate_limited, code: 'rate_limited' });
    }
    if (status >= 400 && status < 500) {
      const code = FASTIFY_CODES[error.code] ?? 'validation_failed';
      // Fastify's own client errors describe the request; anything else with a 4xx status (a
      // payment provider's error, say) may describe internals, so its text stays in the log.
      const ours = typeof error.code === 'string' && error.code.startsWith('FST_');
      if (!ours) request.log.warn({ err: error }, 'client error from a dependency');
      return send(reply, status, { message: ours ? error.message : 'Invalid request', code });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S));
      return send(reply, 503, { message: UNAVAILABLE_MESSAGE, code: 'service_unavailable' });
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, 500, { message: SPEC_MESSAGES.internal_error, code: 'internal_error' });
  });
}
