import type { FastifyInstance } from 'fastify';
import type { DB } from '../../db/database.js';
import { createFavoritesRepository } from './favorites.repository.js';
import { favoritesRoutes } from './favorites.routes.js';
import { createFavoritesService } from './favorites.service.js';

/** A viewer's favourite teams, games and rinks. */
export function registerFavorites(app: FastifyInstance, db: DB) {
  favoritesRoutes(app, createFavoritesService(createFavoritesRepository(db)));
}
