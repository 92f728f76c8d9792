import rateLimit, { normalizeIP, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { SPEC_MESSAGES } from '@rudy/contracts';
import { redisAvailability, type RedisAvailability } from '../lib/redis-fallback.js';
import { createRequire } from 'node:module';

/**
 * Separate per-client budgets: a viewer's HLS segments must not eat into their API calls, nor
 * their analytics heartbeats.
 */
export type Budget = 'api' | 'media' | 'dev' | 'datalake';

export interface RateLimitOptions {
  max: Record<Budget, number>;
  windowMs: number;
  redis?: Redis | undefined;
}

/**
 * The budget of a request, from the route the router matched (`/%61pi/settings` matches
 * `/api/settings`), never from the raw URL. Static files of the web app have no budget here.
 */
export function budgetOf(routeUrl: string | undefined): Budget | undefined {
  if (!routeUrl) return undefined;
  // A proxy polls these from one address all day; /api/ready reuses one probe per second.
  if (routeUrl === '/api/health' || routeUrl === '/api/ready') return undefined;
  // Server-rendered pages that read the database (a shared clip's preview) count as API calls.
  if (
    routeUrl.startsWith('/api/') ||
    routeUrl.startsWith('/auth/') ||
    routeUrl.startsWith('/share/')
  ) {
    return 'api';
  }
  if (routeUrl.startsWith('/media/')) return 'media';
  if (routeUrl.startsWith('/dev/')) return 'dev';
  // Analytics heartbeats are frequent and cheap; their budget must not eat into the API's.
  if (routeUrl.startsWith('/datalake/')) return 'datalake';
  return undefined;
}

const budgetOfRequest = (request: FastifyRequest) => budgetOf(request.routeOptions.url);

/**
 * Per-client request budgets on the API, media and the dev outbox. With REDIS_URL every process
 * shares the counters; without it the counters live in this process. A 429 says when to retry
 * (Retry-After).
 */
export async function registerRateLimit(app: FastifyInstance, opts: RateLimitOptions) {
  const { redis } = opts;
  await app.register(rateLimit, {
    global: true,
    allowList: (request) => budgetOfRequest(request) === undefined,
    // One counter per budget and client (an IPv6 client counts by its /64, as the plugin does).
    keyGenerator: (request) => `${budgetOfRequest(request) ?? 'none'}:${normalizeIP(request.ip)}`,
    max: (request) => opts.max[budgetOfRequest(request) ?? 'api'],
    timeWindow: opts.windowMs,
    // With Redis, shared counters; while it is away, this process's own (fallbackStore).
    ...(redis ? { store: fallbackStore(redis, redisAvailability(redis, app.log)) } : {}),
    // A failure of the counters themselves must not take the site down: the request passes.
    skipOnError: true,
    // The counters' headers only on a refusal (with Retry-After), not on every answer: three
    // headers more per playlist, segment and API call (issue 29), which an edge or CDN would
    // also keep with a cached segment and hand one viewer's count to everyone.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: SPEC_MESSAGES.rate_limited,
      code: 'rate_limited',
      retryAfterMs: context.ttl,
    }),
  });
}

type Incr = (
  key: string,
  cb: (err: Error | null, res: { current: number; ttl: number } | null) => void,
  timeWindow: number,
  max: number,
) => void;
interface Store {
  incr: Incr;
  child(routeOptions: StoreParams & { routeInfo: { method: string; url: string } }): Store;
}
interface StoreParams {
  continueExceeding: boolean;
  exponentialBackoff: boolean;
}
type StoreClass<A extends unknown[]> = new (...args: A) => Store;

// The plugin's own stores (CommonJS files without types of their own).
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreClass<
  [boolean, boolean, Redis, string]
>;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreClass<
  [boolean, boolean]
>;

const NAMESPACE = 'rudy-rl-';

/**
 * Counters in Redis, shared by every process; while Redis is away (not connected, or a command
 * fails) the same counters in this process, so limits still hold per process and no request
 * fails or waits for a reconnection. One log line per outage (redisAvailability).
 */
function fallbackStore(redis: Redis, availability: RedisAvailability): FastifyRateLimitStoreCtor {
  class FallbackStore implements Store {
    private readonly shared: Store;
    private readonly local: Store;
    constructor(
      private readonly params: StoreParams,
      private readonly prefix = NAMESPACE,
    ) {
      const { continueExceeding, exponentialBackoff } = params;
      this.shared = new RedisStore(continueExceeding, exponentialBackoff, redis, prefix);
      this.local = new LocalStore(continueExceeding, exponentialBackoff);
    }
    incr: Incr = (key, cb, timeWindow, max) => {
      // Media counts in this process: players ask for a playlist and a segment every second, and
      // a Redis round trip for each would be the origin's most frequent call (issue 29). Its
      // budget then holds per process, not per deployment.
      if (key.startsWith('media:') || !availability.usable()) {
        return this.local.incr(key, cb, timeWindow, max);
      }
      this.shared.incr(
        key,
        (err, res) => {
          if (!err) return cb(null, res);
          availability.failed(err);
          this.local.incr(key, cb, timeWindow, max);
        },
        timeWindow,
        max,
      );
    };
    child(routeOptions: StoreParams & { routeInfo: { method: string; url: string } }): Store {
      const { method, url } = routeOptions.routeInfo;
      return new FallbackStore(routeOptions, `${this.prefix}${method}${url}-`);
    }
  }
  return FallbackStore as unknown as FastifyRateLimitStoreCtor;
}
