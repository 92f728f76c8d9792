import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import type { FastifyInstance, preParsingHookHandler } from 'fastify';
import type { TrustProxy } from '../../config.js';
import { markCounted, type BudgetLeft } from '../../plugins/rate-limit.js';

/**
 * A datalake call as the lane takes it: the parsed JSON body in; false when the schema refuses
 * it, true when it was kept, a promise when it is kept once the channel directory has answered.
 * A refusal thrown (unknown channel, buffer full) is left to Fastify like any other.
 */
export type LaneCall = (value: unknown) => boolean | Promise<void>;

/** Media types the lane reads (what browsers and sendBeacon send); others go to Fastify. */
const TYPES = new Set([
  'text/plain',
  'text/plain;charset=utf-8',
  'text/plain; charset=utf-8',
  'application/json',
  'application/json;charset=utf-8',
  'application/json; charset=utf-8',
]);

/** A body the lane read and then left to Fastify, which reads it again through preParsing. */
const READ_BODY = Symbol('rudy.datalake.readBody');
type LaneRequest = IncomingMessage & { [READ_BODY]?: Buffer };

/** The datalake routes' preParsing hook: the body the lane read, when it did. */
export const replayLaneBody: preParsingHookHandler = (request, _reply, payload, done) => {
  const body = (request.raw as LaneRequest)[READ_BODY];
  done(null, body ? Readable.from([body]) : payload);
};

type ProxyAddr = ((req: IncomingMessage, trust: (addr: string, i: number) => boolean) => string) & {
  compile(list: string[]): (addr: string, i: number) => boolean;
};
/** The copy Fastify itself uses for request.ip, so both agree on who the client is. */
const proxyAddr = createRequire(createRequire(import.meta.url).resolve('fastify'))(
  '@fastify/proxy-addr',
) as ProxyAddr;

/** request.ip as Fastify works it out with this trustProxy setting. */
export function clientAddress(
  trustProxy: TrustProxy,
): (raw: IncomingMessage) => string | undefined {
  if (trustProxy === false) return (raw) => raw.socket.remoteAddress;
  const trust =
    trustProxy === true
      ? () => true
      : typeof trustProxy === 'function'
        ? trustProxy
        : proxyAddr.compile(trustProxy);
  return (raw) => proxyAddr(raw, trust);
}

const noop = () => undefined;

/**
 * The datalake's POST calls answered straight off node:http, in front of Fastify. A heartbeat is
 * the busiest call of the site and the smallest: Fastify's request pipeline (routing, request and
 * reply objects, a dozen hooks, its rate-limit plugin's promises) cost more than the call itself.
 * The lane does the same steps in the same order: the security headers, the client's datalake
 * budget counted (the plugin's own counters), the body read up to the limit and parsed by
 * Fastify's JSON parser, the route's zod schema, the row kept, `{status: 'ok'}`.
 *
 * It answers only what it is sure of: an exact path, a plain JSON body with its length, the
 * budget not spent, the body valid and kept, the server not closing. Everything else (junk, a
 * refusal, a query string, chunked or compressed bodies, a spent budget) is handed to Fastify as
 * it came, the body read so far replayed (replayLaneBody), the budget not counted twice
 * (markCounted): every error answer stays Fastify's and the error handler's.
 */
export function installDatalakeLane(
  app: FastifyInstance,
  opts: {
    calls: ReadonlyMap<string, LaneCall>;
    bodyLimit: number;
    trustProxy: TrustProxy;
    /** The answer to an accepted call and its content type. */
    answer: string;
    type: string;
  },
) {
  const server = app.server;
  const listeners = server.listeners('request');
  const first = listeners[0] as ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  if (!first || listeners.length !== 1) {
    throw new Error('the datalake lane expects Fastify as the one request listener');
  }
  const fastify = first;
  const { calls, bodyLimit, answer } = opts;
  const addressOf = clientAddress(opts.trustProxy);
  const parseJson = app.getDefaultJsonParser('error', 'error') as unknown as (
    req: unknown,
    body: string,
    done: (err: Error | null, value?: unknown) => void,
  ) => void;
  /**
   * The headers of an accepted call, one object rewritten per answer: writeHead turns it into
   * text at once and keeps nothing (a copy per request was a measurable part of the lane).
   */
  const head = {
    ...app.securityHeaders('/datalake/'),
    'x-ratelimit-limit': '',
    'x-ratelimit-remaining': '',
    'x-ratelimit-reset': '',
    'content-type': opts.type,
    'access-control-allow-origin': '*',
    'content-length': String(Buffer.byteLength(answer)),
  };

  const rateHeaders = (left: BudgetLeft) => ({
    'x-ratelimit-limit': String(left.limit),
    'x-ratelimit-remaining': String(left.remaining),
    'x-ratelimit-reset': String(left.resetS),
  });

  function handOver(req: LaneRequest, res: ServerResponse, body?: Buffer, left?: BudgetLeft) {
    if (body) req[READ_BODY] = body;
    // Counted already: Fastify's answer carries the budget's headers, as the plugin would add.
    if (left)
      for (const [name, value] of Object.entries(rateHeaders(left))) res.setHeader(name, value);
    fastify.call(server, req, res);
  }

  function accept(res: ServerResponse, left: BudgetLeft) {
    head['x-ratelimit-limit'] = String(left.limit);
    head['x-ratelimit-remaining'] = String(left.remaining);
    head['x-ratelimit-reset'] = String(left.resetS);
    res.writeHead(200, head);
    res.end(answer);
  }

  function settle(
    req: LaneRequest,
    res: ServerResponse,
    call: LaneCall,
    body: Buffer,
    left: BudgetLeft,
  ) {
    let value: unknown;
    let parsed = false;
    parseJson(req, body.toString('utf8'), (err, result) => {
      parsed = err === null;
      value = result;
    });
    if (!parsed) return handOver(req, res, body, left);
    let kept: boolean | Promise<void>;
    try {
      kept = call(value);
    } catch {
      return handOver(req, res, body, left);
    }
    if (kept === false) return handOver(req, res, body, left);
    if (kept === true) return accept(res, left);
    kept.then(
      () => accept(res, left),
      () => handOver(req, res, body, left),
    );
  }

  function read(
    req: LaneRequest,
    res: ServerResponse,
    call: LaneCall,
    length: number,
    left: BudgetLeft,
  ) {
    const chunks: Buffer[] = [];
    let received = 0;
    req.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
    });
    req.on('error', noop);
    req.on('end', () => {
      const body = chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks, received);
      if (received !== length) return handOver(req, res, body, left);
      settle(req, res, call, body, left);
    });
  }

  /** Whether the lane takes the request; false: Fastify gets it untouched. */
  function take(req: LaneRequest, res: ServerResponse): boolean {
    if (req.method !== 'POST' || !server.listening) return false;
    const call = calls.get(req.url ?? '');
    if (!call) return false;
    const h = req.headers;
    const type = h['content-type'];
    const length = Number(h['content-length']);
    if (
      type === undefined ||
      !TYPES.has(type.toLowerCase()) ||
      !(length > 0 && length <= bodyLimit) ||
      h['transfer-encoding'] !== undefined ||
      h['content-encoding'] !== undefined
    ) {
      return false;
    }
    const ip = addressOf(req);
    if (ip === undefined) return false;
    app.takeBudget('datalake', ip, (left) => {
      // Spent (or the counters failed): Fastify's plugin answers 429 (or lets it pass).
      if (!left) return handOver(req, res);
      markCounted(req);
      read(req, res, call, length, left);
    });
    return true;
  }

  server.removeListener('request', fastify);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!take(req, res)) fastify.call(server, req, res);
  });
}
