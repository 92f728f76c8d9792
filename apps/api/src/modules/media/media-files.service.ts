import { MEDIA_KIND } from '@rudy/contracts';
import type { MediaStorage } from '@rudy/media';
import { isSafeKey } from '@rudy/media';
import { HttpError, notFound } from '../../lib/http-error.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import {
  allowedPath,
  clipPrefix,
  contentTypeOf,
  eventPrefix,
  EXTERNAL_LIVE,
} from './media-paths.js';
import { CLIP_SCOPES, type MediaTokens } from './media-token.js';
import type { MediaRepository } from './media.repository.js';

/** A revoked key loses media access within this long (segments are fetched every few seconds). */
const KEY_CHECK_CACHE_MS = 10_000;

export type MediaTarget =
  | { type: 'file'; key: string; contentType: string; isPlaylist: boolean; isDownload: boolean }
  | { type: 'redirect'; url: string };

const denied = () =>
  new HttpError(403, 'media_token_invalid', 'Media token missing, expired or not valid here');

/**
 * Authorises a /media/e/<event>/<token>/<path> request: a genuine unexpired token for this event,
 * whose API key is still active, for a path its scope covers. The storage key is built from the
 * token's channel and the event, so a token can never name another channel's or event's files.
 */
export function createMediaFilesService(deps: {
  tokens: MediaTokens;
  repo: MediaRepository;
  storage: MediaStorage;
  now: () => Date;
}) {
  const activeKeys = new TtlCache<string, boolean>(KEY_CHECK_CACHE_MS, 50_000);

  async function keyIsActive(channelId: number, keyId: string) {
    const cacheKey = `${channelId}:${keyId}`;
    const cached = activeKeys.get(cacheKey);
    if (cached !== undefined) return cached;
    const active = await deps.repo.keyIsActive(channelId, keyId, deps.now());
    activeKeys.set(cacheKey, active);
    return active;
  }

  return {
    async resolve(eventParam: string, token: string, rest: string): Promise<MediaTarget> {
      if (!/^\d{1,10}$/.test(eventParam)) throw notFound();
      const eventId = Number(eventParam);
      const claims = deps.tokens.verify(token, deps.now());
      if (!claims || claims.subjectId !== eventId || CLIP_SCOPES.includes(claims.scope)) {
        throw denied();
      }
      // A path trick is "not found": nothing the pipeline writes looks like that.
      if (!isSafeKey(rest) || contentTypeOf(rest) === undefined) throw notFound();
      if (!allowedPath(claims.scope, rest)) throw denied();
      if (!(await keyIsActive(claims.channelId, claims.keyId))) throw denied();

      if (rest === EXTERNAL_LIVE) {
        const media = await deps.repo.media(claims.channelId, eventId);
        const external = media.find((m) => m.kind === MEDIA_KIND.live && m.url && !m.storage_key);
        if (!external?.url) throw notFound();
        return { type: 'redirect', url: external.url };
      }
      return {
        type: 'file',
        key: `${eventPrefix(claims.channelId, eventId)}/${rest}`,
        contentType: contentTypeOf(rest) ?? 'application/octet-stream',
        isPlaylist: rest.endsWith('.m3u8'),
        isDownload: claims.scope === 'd',
      };
    },

    /** /media/c/<clip>/<token>/<file>: the same checks with a clip's token and folder. */
    async resolveClip(clipParam: string, token: string, rest: string): Promise<MediaTarget> {
      if (!/^\d{1,10}$/.test(clipParam)) throw notFound();
      const clipId = Number(clipParam);
      const claims = deps.tokens.verify(token, deps.now());
      if (!claims || claims.subjectId !== clipId || !CLIP_SCOPES.includes(claims.scope)) {
        throw denied();
      }
      if (!isSafeKey(rest) || contentTypeOf(rest) === undefined) throw notFound();
      if (!allowedPath(claims.scope, rest)) throw denied();
      if (!(await keyIsActive(claims.channelId, claims.keyId))) throw denied();
      return {
        type: 'file',
        key: `${clipPrefix(claims.channelId, clipId)}/${rest}`,
        contentType: contentTypeOf(rest) ?? 'application/octet-stream',
        isPlaylist: rest.endsWith('.m3u8'),
        isDownload: claims.scope === 'x',
      };
    },
  };
}
export type MediaFilesService = ReturnType<typeof createMediaFilesService>;
