import type { FastifyRequest } from 'fastify';
import type { Caller } from './auth.service.js';

/** Who is calling, from the request: key, channel, user, client IP (trusted proxy only), locale. */
export function callerOf(req: FastifyRequest): Caller {
  return {
    channelId: req.auth.channelId,
    userId: req.auth.userId,
    keyId: req.auth.keyId,
    apiKey: req.apiKey,
    ip: req.ip,
    locale: req.locale,
  };
}
