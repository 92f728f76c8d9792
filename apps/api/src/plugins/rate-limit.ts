import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { SPEC_MESSAGES } from '@rudy/contracts';

export interface RateLimitOptions {
  max: number;
  windowMs: number;
  redis?: Redis | undefined;
}

/**
 * Per-client request budget on /api. With REDIS_URL every process shares the counters; without it
 * the counters live in this process. Static files and media are not limited here.
 */
export async function registerRateLimit(app: FastifyInstance, opts: RateLimitOptions) {
  const { redis } = opts;
  await app.register(rateLimit, {
    global: true,
    // Only the API is budgeted; static files and media have their own limits in front.
    allowList: (request) => !request.url.startsWith('/api/'),
    max: opts.max,
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
