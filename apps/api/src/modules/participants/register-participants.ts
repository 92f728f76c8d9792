import type { FastifyInstance } from 'fastify';
import type { DB } from '../../db/database.js';
import { createParticipantsRepository } from './participants.repository.js';
import { participantsRoutes } from './participants.routes.js';
import { createParticipantsService } from './participants.service.js';

/** The teams' calls. */
export function registerParticipants(app: FastifyInstance, db: DB) {
  participantsRoutes(app, createParticipantsService(createParticipantsRepository(db)));
}
