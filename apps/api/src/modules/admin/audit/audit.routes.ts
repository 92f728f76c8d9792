import type { FastifyInstance } from 'fastify';
import { AuditEntrySchema, AuditListSchema, KeyedQuerySchema } from '@rudy/contracts';
import { typed } from '../../../lib/route-types.js';
import { adminErrors } from '../admin.routes.js';
import { summarize } from './audit-diff.js';
import type { AuditRepository } from './audit.repository.js';

const RECENT = 100;

/** GET /api/admin/audit: the channel's latest console changes, newest first. */
export function auditRoutes(scope: FastifyInstance, audit: AuditRepository) {
  typed(scope).get(
    '/api/admin/audit',
    {
      schema: {
        tags: ['admin'],
        description: `The channel’s last ${RECENT} console changes: who, what, when, and which fields changed.`,
        querystring: KeyedQuerySchema,
        response: { 200: AuditListSchema, ...adminErrors },
      },
    },
    async (req) => ({
      data: (await audit.recent(req.admin.channelId, RECENT)).map((r) =>
        AuditEntrySchema.parse({
          id: Number(r.id),
          at: new Date(r.created_at).toISOString(),
          actor: r.actor_email,
          action: r.action,
          entity: r.entity,
          entity_id: r.entity_id,
          summary: summarize(r.before, r.after),
        }),
      ),
    }),
  );
}
