import type { FastifyInstance } from 'fastify';
import { AuditEntrySchema, AuditListSchema, AuditQuerySchema } from '@rudy/contracts';
import { typed } from '../../../lib/route-types.js';
import { adminErrors } from '../admin.routes.js';
import { summarize } from './audit-diff.js';
import type { AuditRepository } from './audit.repository.js';

/** GET /api/admin/audit: the channel's console changes, newest first, a page at a time. */
export function auditRoutes(scope: FastifyInstance, audit: AuditRepository) {
  typed(scope).get(
    '/api/admin/audit',
    {
      schema: {
        tags: ['admin'],
        description:
          'The channel’s console changes, newest first: who, what, when, and the changed fields before and after.',
        querystring: AuditQuerySchema,
        response: { 200: AuditListSchema, ...adminErrors },
      },
    },
    async (req) => {
      const { offset, limit, entity } = req.query;
      const { rows, total } = await audit.page(req.admin.channelId, {
        offset,
        limit,
        ...(entity ? { entity } : {}),
      });
      return {
        data: rows.map((r) =>
          AuditEntrySchema.parse({
            id: Number(r.id),
            at: new Date(r.created_at).toISOString(),
            actor: r.actor_email,
            action: r.action,
            entity: r.entity,
            entity_id: r.entity_id,
            summary: summarize(r.before, r.after),
            before: r.before,
            after: r.after,
          }),
        ),
        meta: { total, offset, limit },
      };
    },
  );
}
