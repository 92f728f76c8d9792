import type { FastifyInstance } from 'fastify';
import {
  ANALYTICS_LIMITS,
  DatalakeAcceptedSchema,
  DatalakeEventBodySchema,
  DatalakeHashResponseSchema,
  DatalakeSessionBodySchema,
  DatalakeVideoEventBodySchema,
  DatalakeViewingBodySchema,
  ErrorBodySchema,
} from '@rudy/contracts';
import { typed } from '../../lib/route-types.js';
import type { DatalakeService } from './datalake.service.js';

const tags = ['datalake'];
const accepted = {
  200: DatalakeAcceptedSchema,
  400: ErrorBodySchema,
  413: ErrorBodySchema,
  415: ErrorBodySchema,
  429: ErrorBodySchema,
  503: ErrorBodySchema,
} as const;
const ok = { status: 'ok' as const };
const bodyLimit = ANALYTICS_LIMITS.bodyMaxBytes;
/**
 * Every viewer sends a heartbeat every 30 s: a log line per call would be most of the log. Only
 * warnings and errors of these routes are written.
 */
const logLevel = 'warn';

/**
 * Spec section 7's analytics service. It may sit on another host than the site, so answers allow
 * any origin (no credentials are involved), and bodies may come as text/plain: a CORS-safelisted
 * type, so browsers send the calls (and navigator.sendBeacon its blobs) without a preflight.
 * Registered in a scope of its own so the text/plain-as-JSON parser applies to these routes only.
 */
export async function datalakeRoutes(app: FastifyInstance, datalake: DatalakeService) {
  await app.register((scope, _options, done) => {
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser(
      'text/plain',
      { parseAs: 'string' },
      scope.getDefaultJsonParser('error', 'error'),
    );
    scope.addHook('onSend', (_request, reply, payload, done) => {
      reply.header('access-control-allow-origin', '*');
      done(null, payload);
    });
    const r = typed(scope);

    r.options('/datalake/*', { logLevel, schema: { hide: true } }, async (_request, reply) => {
      reply
        .header('access-control-allow-methods', 'GET, POST, OPTIONS')
        .header('access-control-allow-headers', 'content-type')
        .header('access-control-max-age', '86400')
        .status(204);
    });

    r.get(
      '/datalake/hash/',
      {
        logLevel,
        schema: {
          tags,
          description: 'A new session hash (the response data), kept by the client for 24 hours.',
          response: { 200: DatalakeHashResponseSchema, 429: ErrorBodySchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return datalake.hash();
      },
    );

    r.post(
      '/datalake/session/',
      {
        bodyLimit,
        logLevel,
        schema: {
          tags,
          description: 'A visitor session: device, user agent, resolution, platform.',
          body: DatalakeSessionBodySchema,
          response: accepted,
        },
      },
      async (req) => {
        await datalake.session(req.body);
        return ok;
      },
    );

    r.post(
      '/datalake/event/',
      {
        bodyLimit,
        logLevel,
        schema: {
          tags,
          description: 'A page visit, a login or a failed API call (with its status and path).',
          body: DatalakeEventBodySchema,
          response: accepted,
        },
      },
      async (req) => {
        await datalake.event(req.body);
        return ok;
      },
    );

    r.post(
      '/datalake/video/event/',
      {
        bodyLimit,
        logLevel,
        schema: {
          tags,
          description: 'A player event of one video view; first_frame carries the time it took.',
          body: DatalakeVideoEventBodySchema,
          response: accepted,
        },
      },
      async (req) => {
        await datalake.videoEvent(req.body);
        return ok;
      },
    );

    r.post(
      '/datalake/video/viewing/',
      {
        bodyLimit,
        logLevel,
        schema: {
          tags,
          description:
            'Seconds watched since the view’s previous heartbeat, with what was watched (category, sport, gender, school, league).',
          body: DatalakeViewingBodySchema,
          response: accepted,
        },
      },
      async (req) => {
        await datalake.viewing(req.body);
        return ok;
      },
    );
    done();
  });
}
