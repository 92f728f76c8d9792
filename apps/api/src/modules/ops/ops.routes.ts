import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { UNAVAILABLE_RETRY_AFTER_S } from '../../lib/database-unavailable.js';
import { typed } from '../../lib/route-types.js';
import { READY_CHECKS, type Readiness } from './readiness.js';

const CheckStateSchema = z.enum(['ok', 'failed', 'skipped']);
const ReadyBodySchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  checks: z.object(
    Object.fromEntries(READY_CHECKS.map((name) => [name, CheckStateSchema])) as Record<
      (typeof READY_CHECKS)[number],
      typeof CheckStateSchema
    >,
  ),
  failed: z.array(z.enum(READY_CHECKS)),
});

/**
 * GET /api/ready for the proxy or orchestrator: 200 when this process can take traffic, 503 with
 * the names of the failed checks otherwise. No key, no rate limit (see rate-limit.ts), nothing
 * but check names and states in the body; why a check failed goes to the log, once per change.
 */
export function opsRoutes(app: FastifyInstance, readiness: Readiness) {
  let lastFailed = '';
  typed(app).get(
    '/api/ready',
    {
      config: { keyless: true },
      schema: {
        tags: ['ops'],
        response: { 200: ReadyBodySchema, 503: ReadyBodySchema },
      },
    },
    async (request, reply) => {
      const report = await readiness.report();
      const failed = report.failed.join(',');
      if (failed !== lastFailed) {
        lastFailed = failed;
        if (report.ready) request.log.info('ready');
        else {
          const reasons = Object.fromEntries(
            Object.entries(report.reasons).map(([name, error]) => [
              name,
              error instanceof Error ? error.message : String(error),
            ]),
          );
          request.log.warn({ failed: report.failed, reasons }, 'not ready');
        }
      }
      reply.header('cache-control', 'no-store');
      // Like every 503 of the API: when to ask again.
      if (!report.ready) reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S));
      return reply.status(report.ready ? 200 : 503).send({
        status: report.ready ? 'ready' : 'unavailable',
        checks: report.checks,
        failed: report.failed,
      });
    },
  );
}
