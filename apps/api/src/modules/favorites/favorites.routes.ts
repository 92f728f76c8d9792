import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ErrorBodySchema,
  FavoriteBodySchema,
  FavoriteDeletedSchema,
  FavoriteIdParamsSchema,
  FavoriteSchema,
  KeyedQuerySchema,
} from '@rudy/contracts';
import { callerOf } from '../../lib/caller.js';
import { HttpError } from '../../lib/http-error.js';
import { requireLogin } from '../../lib/require-login.js';
import { keyedErrors, keyedErrorsWith404, typed } from '../../lib/route-types.js';
import type { FavoritesService } from './favorites.service.js';

const tags = ['favorites'];
/** Every favourites call needs a signed-in caller ('user must be logged in', 401). */
export function favoritesRoutes(app: FastifyInstance, favorites: FavoritesService) {
  const r = typed(app);

  r.get(
    '/api/favorites',
    {
      preValidation: requireLogin,
      schema: {
        tags,
        description: "The signed-in user's favourite teams, schools and sports.",
        querystring: KeyedQuerySchema,
        response: { 200: z.array(FavoriteSchema), ...keyedErrors },
      },
    },
    (req) => favorites.list(callerOf(req)),
  );

  r.post(
    '/api/favorite',
    {
      preValidation: requireLogin,
      schema: {
        tags,
        description:
          'Adds a favourite (200 with the existing one if already there). 400 codes: ' +
          'favoritable_type_invalid, id_not_selected, validation_failed; 404 for an unknown id.',
        body: FavoriteBodySchema,
        response: { 200: FavoriteSchema, ...keyedErrorsWith404 },
      },
    },
    (req) => favorites.add(callerOf(req), req.body),
  );

  r.delete(
    '/api/favorite/:id',
    {
      preValidation: requireLogin,
      schema: {
        tags,
        params: FavoriteIdParamsSchema,
        querystring: KeyedQuerySchema,
        response: { 200: FavoriteDeletedSchema, ...keyedErrorsWith404 },
      },
    },
    (req) => favorites.remove(callerOf(req), req.params.id),
  );

  // The spec: deleting needs an id. Without one the answer is its text, not "route not found".
  r.delete(
    '/api/favorite',
    {
      preValidation: requireLogin,
      schema: {
        tags,
        description: "Always 400 'id not selected': the id goes in the path.",
        querystring: KeyedQuerySchema,
        response: { 400: ErrorBodySchema, 401: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    () => {
      throw new HttpError(400, 'id_not_selected');
    },
  );
}
