import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { SPEC_MESSAGES } from '@rudy/contracts';

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
    ...(redis ? { redis, nameSpace: 'rudy-rl-' } : {}),
    // A Redis outage must not take the site down: requests pass and the failure is logged.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: SPEC_MESSAGES.rate_limited,
      code: 'rate_limited',
      retryAfterMs: context.ttl,
    }),
  });
}
