import type { FastifyInstance, FastifyReply } from 'fastify';
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
/**
 * The answer to every accepted call, serialised once: a heartbeat is the busiest call of the site
 * and its answer never changes (the response schema still documents it).
 */
const OK = JSON.stringify({ status: 'ok' });
const JSON_TYPE = 'application/json; charset=utf-8';
const bodyLimit = ANALYTICS_LIMITS.bodyMaxBytes;

/**
 * Answers an accepted call. Not an async handler: a call whose channel is known is kept and
 * answered in the same tick, without a promise (most calls); only one that waits for the channel
 * directory goes through one. A refusal thrown here reaches the error handler either way.
 */
function answer(reply: FastifyReply, kept: void | Promise<void>): void | Promise<void> {
  const send = () => {
    void reply.type(JSON_TYPE).send(OK);
  };
  if (kept) return kept.then(send);
  send();
}

/**
 * What every datalake route leaves out of the site-wide hooks. Every viewer sends a heartbeat
 * every 30 s: a log line per call would be most of the log, so only warnings and errors are
 * written. Bodies are a few hundred bytes of JSON and answers 15 bytes: neither is compressed,
 * which also spares each call the compression plugin's three hooks.
 */
const lean = { logLevel: 'warn', compress: false, decompress: false } as const;

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

    r.options('/datalake/*', { ...lean, schema: { hide: true } }, async (_request, reply) => {
      reply
        .header('access-control-allow-methods', 'GET, POST, OPTIONS')
        .header('access-control-allow-headers', 'content-type')
        .header('access-control-max-age', '86400')
        .status(204);
    });

    r.get(
      '/datalake/hash/',
      {
        ...lean,
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
        ...lean,
        bodyLimit,
        schema: {
          tags,
          description: 'A visitor session: device, user agent, resolution, platform.',
          body: DatalakeSessionBodySchema,
          response: accepted,
        },
      },
      (req, reply) => answer(reply, datalake.session(req.body)),
    );

    r.post(
      '/datalake/event/',
      {
        ...lean,
        bodyLimit,
        schema: {
          tags,
          description: 'A page visit, a login or a failed API call (with its status and path).',
          body: DatalakeEventBodySchema,
          response: accepted,
        },
      },
      (req, reply) => answer(reply, datalake.event(req.body)),
    );

    r.post(
      '/datalake/video/event/',
      {
        ...lean,
        bodyLimit,
        schema: {
          tags,
          description: 'A player event of one video view; first_frame carries the time it took.',
          body: DatalakeVideoEventBodySchema,
          response: accepted,
        },
      },
      (req, reply) => answer(reply, datalake.videoEvent(req.body)),
    );

    r.post(
      '/datalake/video/viewing/',
      {
        ...lean,
        bodyLimit,
        schema: {
          tags,
          description:
            'Seconds watched since the view’s previous heartbeat, with what was watched (category, sport, gender, school, league).',
          body: DatalakeViewingBodySchema,
          response: accepted,
        },
      },
      (req, reply) => answer(reply, datalake.viewing(req.body)),
    );
    done();
  });
}
