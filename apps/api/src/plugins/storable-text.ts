import type { FastifyInstance } from 'fastify';
import { UNSTORABLE_TEXT_MESSAGE, fieldName, findUnstorableText } from '@rudy/contracts';
import { HttpError } from '../lib/http-error.js';

/**
 * Every request's route params, query and parsed body are refused with a 400 naming the field
 * when any text in them is something PostgreSQL cannot store (NUL, half a UTF-16 pair): once,
 * here, for every route and every field, whether its schema is an object, a record or none, so
 * no such text reaches a query (where it was a 500). The first preValidation hook: it runs
 * before anything reads the request (the API key guard, sessions, the route's own checks).
 * A callback hook, not an async one: a request passes through without a promise.
 */
export function registerStorableTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of [request.params, request.query, request.body]) {
      const path = findUnstorableText(part);
      if (path) {
        const field = fieldName(path);
        done(
          new HttpError(400, 'validation_failed', `${field}: ${UNSTORABLE_TEXT_MESSAGE}`, {
            [field]: UNSTORABLE_TEXT_MESSAGE,
          }),
        );
        return;
      }
    }
    done();
  });
}
