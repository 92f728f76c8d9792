import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_TTL_MS } from '@rudy/contracts';
import { HttpError } from '../../lib/http-error.js';
import { LRUCache } from 'lru-cache';
import type { KeysRepository, ResolvedKey } from './keys.repository.js';

/**
 * Resolved keys are cached for a few seconds: every call checks its key, and this keeps the hot path
 * off the database. A revocation in this process drops the entry at once (forgetKey); other processes
 * see it within KEY_CACHE_MS.
 */
const KEY_CACHE_MS = 5_000;
/**
 * A channel key's channel, for issuing anonymous keys (every arriving viewer asks for one). Only
 * channels found are kept; a channel's key and id do not change.
 */
const CHANNEL_KEY_CACHE_MS = 60_000;

export function hashApiKey(apiKey: string): Buffer {
  return createHash('sha256').update(apiKey).digest();
}

/** Keys are 256-bit random values in base64url; anything else can be rejected without a lookup. */
const API_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function createKeysService(repo: KeysRepository, now: () => Date = () => new Date()) {
  const cache = new LRUCache<string, ResolvedKey>({ max: 10_000, ttl: KEY_CACHE_MS });
  const channelsByKey = new LRUCache<string, { id: number; key: string }>({
    max: 1_000,
    ttl: CHANNEL_KEY_CACHE_MS,
  });
  async function channelByKey(channelKey: string) {
    const cached = channelsByKey.get(channelKey);
    if (cached) return cached;
    const found = await repo.findChannelByKey(channelKey);
    if (found) channelsByKey.set(channelKey, found);
    return found;
  }

  const service = {
    /** The channel served on a host name, else the deployment's default channel. */
    async channelForHost(host: string | undefined, fallbackKey: string) {
      const hostname = (host ?? '').replace(/:\d+$/, '').toLowerCase();
      const byHost = hostname ? await repo.findChannelByHost(hostname) : undefined;
      const channel = byHost ?? (await repo.findChannelByKey(fallbackKey));
      if (!channel) throw new HttpError(404, 'channel_key_invalid');
      return channel;
    },

    async channelKeyForHost(host: string | undefined, fallbackKey: string): Promise<string> {
      return (await service.channelForHost(host, fallbackKey)).key;
    },

    async issueAnonymousKey(channelKey: string) {
      const channel = await channelByKey(channelKey);
      if (!channel) throw new HttpError(400, 'channel_key_invalid');
      const apiKey = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now().getTime() + API_KEY_TTL_MS);
      await repo.insertKey(channel.id, hashApiKey(apiKey), expiresAt);
      return { api_key: apiKey, expires_at: expiresAt.toISOString() };
    },

    async resolve(apiKey: string): Promise<ResolvedKey> {
      if (!API_KEY_PATTERN.test(apiKey)) throw new HttpError(401, 'api_key_invalid');
      const cached = cache.get(apiKey);
      if (cached && cached.expiresAt > now()) return cached;
      const found = await repo.findActiveKey(hashApiKey(apiKey), now());
      if (!found) throw new HttpError(401, 'api_key_invalid');
      cache.set(apiKey, found);
      return found;
    },

    forgetKey(apiKey: string) {
      cache.delete(apiKey);
    },

    /**
     * After a console change to the channel (a viewer blocked): its cached keys are read again, in
     * every process (the admin change bus calls this), not within KEY_CACHE_MS.
     */
    invalidate(channelId: number) {
      for (const [apiKey, key] of cache.entries())
        if (key.channelId === channelId) cache.delete(apiKey);
    },

    /** After a password reset or account deletion: no cached key of that user stays usable here. */
    forgetUser(userId: number) {
      for (const [apiKey, key] of cache.entries()) if (key.userId === userId) cache.delete(apiKey);
    },
  };
  return service;
}
export type KeysService = ReturnType<typeof createKeysService>;
