import { LRUCache } from 'lru-cache';
import type { ChannelRepository } from './channel.repository.js';

/** A channel's public origin changes rarely; mails and sign-ins read it often enough to cache. */
const ORIGIN_CACHE_MS = 30_000;

/**
 * The origin links to a channel's site are built from (mails, OAuth redirect URIs, payment return
 * pages): the channel's own public origin, else the deployment's fallback (PUBLIC_URL, or the
 * listening address in development). Never the request's Host header: a forged Host would make
 * us mail a reset link, signature included, to an attacker's site.
 */
export function createSiteOrigins(repo: Pick<ChannelRepository, 'publicOrigin'>, fallback: string) {
  const cache = new LRUCache<number, string>({ max: 10_000, ttl: ORIGIN_CACHE_MS });
  return {
    async forChannel(channelId: number): Promise<string> {
      const cached = cache.get(channelId);
      if (cached) return cached;
      const origin = (await repo.publicOrigin(channelId)) ?? fallback;
      cache.set(channelId, origin);
      return origin;
    },
  };
}
export type SiteOrigins = ReturnType<typeof createSiteOrigins>;
