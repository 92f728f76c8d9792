import type { FastifyRequest } from 'fastify';
import { HttpError } from './http-error.js';

/**
 * Route-level preValidation hook for calls that need a signed-in caller. It runs after the API key
 * guard and before query/body validation, so an anonymous caller hears 'user must be logged in'
 * rather than about a field it got wrong.
 */
export function requireLogin(request: FastifyRequest): Promise<void> {
  return request.auth.userId === null
    ? Promise.reject(new HttpError(401, 'login_required'))
    : Promise.resolve();
}
