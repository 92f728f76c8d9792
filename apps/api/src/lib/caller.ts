import type { FastifyRequest } from 'fastify';
import type { Locale } from '@rudy/contracts';

/**
 * Who is calling, from the request: the API key (its id and value) and its channel, the signed-in
 * user (null when anonymous), the client IP (trusted proxy only) and the locale. The one
 * description of a caller: a service takes it whole or names the part it reads (below).
 */
export interface Caller {
  channelId: number;
  userId: number | null;
  keyId: string;
  apiKey: string;
  ip: string;
  locale: Locale;
}

/** What media access depends on: the key, its channel, the user and the IP (playback, clips, VOD). */
export type MediaCaller = Pick<Caller, 'channelId' | 'userId' | 'keyId' | 'ip'>;

/** A caller behind requireLogin: the user is known (checkout, orders). */
export type SignedInCaller = Pick<Caller, 'channelId'> & { userId: number };

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

/** For routes behind requireLogin, which has already refused an anonymous caller. */
export function signedInCallerOf(req: FastifyRequest): SignedInCaller {
  return { channelId: req.auth.channelId, userId: req.auth.userId ?? 0 };
}
