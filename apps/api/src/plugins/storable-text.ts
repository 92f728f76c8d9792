import type { FastifyInstance } from 'fastify';
import { UNSTORABLE_TEXT_MESSAGE, fieldName, findUnstorableText } from '@rudy/contracts';
import { HttpError, notFound } from '../lib/http-error.js';

/**
 * Text PostgreSQL cannot store (NUL, half a UTF-16 pair) never reaches a query, where it was a
 * 500: once, here, for every route and every field, whether its schema is an object, a record or
 * none. In the query or the body it is a 400 naming the field. In the path it is a 404: nothing
 * stored (an id, an alias, a file) can hold such text, so the path names nothing, as any other
 * unknown path. The first preValidation hook: it runs before anything reads the request (the API
 * key guard, sessions, the route's own checks). A callback hook, not an async one: a request
 * passes through without a promise.
 */
export function registerStorableTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    if (findUnstorableText(request.params)) {
      done(notFound());
      return;
    }
    for (const part of [request.query, request.body]) {
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
