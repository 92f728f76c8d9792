import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { DB } from '../../db/database.js';
import { createWorkerHeartbeatsRepository } from '../../jobs/worker-heartbeats.repository.js';
import { createOpsRepository } from './ops.repository.js';
import { opsRoutes } from './ops.routes.js';
import { createReadiness, type Readiness } from './readiness.js';

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

/** Readiness for the proxy; it reports "not accepting" from the moment the server starts closing. */
export function registerOps(app: FastifyInstance, deps: { config: Config; db: DB }) {
  const readiness = createReadiness({
    repo: createOpsRepository(deps.db),
    heartbeats: createWorkerHeartbeatsRepository(deps.db),
    requiresWorker: deps.config.READY_REQUIRES_WORKER,
  });
  app.decorate('readiness', readiness);
  app.addHook('preClose', (done) => {
    readiness.drain();
    done();
  });
  opsRoutes(app, readiness);
}
