import type { FastifyInstance } from 'fastify';
import {
  AdminImportBodySchema,
  AdminImportPreviewBodySchema,
  AdminImportPreviewSchema,
  AdminImportResultSchema,
  ErrorBodySchema,
} from '@rudy/contracts';
import { typed } from '../../../lib/route-types.js';
import { adminErrors } from '../admin.routes.js';
import type { GamesImportService } from './games-import.service.js';

const tags = ['admin'];

/** /api/admin/games/import: a season's games from a CSV file (admin scope only). */
export function gamesImportRoutes(scope: FastifyInstance, imports: GamesImportService) {
  const r = typed(scope);

  r.post(
    '/api/admin/games/import/preview',
    {
      schema: {
        tags,
        description:
          'Reads a season CSV against the channel’s teams, sports and rinks: every line, the ' +
          'message code of each refused column, the game each valid line makes. Writes nothing.',
        body: AdminImportPreviewBodySchema,
        response: { 200: AdminImportPreviewSchema, ...adminErrors },
      },
    },
    (req) => imports.preview(req.admin.channelId, req.body.csv),
  );

  r.post(
    '/api/admin/games/import',
    {
      schema: {
        tags,
        description:
          'Imports every game of a season CSV in one transaction, or none (400 naming the cells); ' +
          'each game audited. The same import_id again answers the same games (replayed).',
        body: AdminImportBodySchema,
        response: { 200: AdminImportResultSchema, ...adminErrors, 409: ErrorBodySchema },
      },
    },
    (req) => imports.import(req.admin, req.body.csv, req.body.import_id),
  );
}
