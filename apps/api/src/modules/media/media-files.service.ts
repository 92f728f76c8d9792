import { MEDIA_KIND } from '@rudy/contracts';
import type { MediaStorage } from '@rudy/media';
import { isSafeKey } from '@rudy/media';
import { HttpError, notFound } from '../../lib/http-error.js';
import { LRUCache } from 'lru-cache';
import {
  allowedPath,
  clipPrefix,
  contentTypeOf,
  eventPrefix,
  EXTERNAL_LIVE,
  vodItemPrefix,
} from './media-paths.js';
import { SUBJECT_OF_SCOPE, type MediaSubject, type MediaTokens } from './media-token.js';
import type { MediaRepository } from './media.repository.js';

/** A revoked key loses media access within this long (segments are fetched every few seconds). */
const KEY_CHECK_CACHE_MS = 10_000;

export type MediaTarget =
  | { type: 'file'; key: string; contentType: string; isPlaylist: boolean; isDownload: boolean }
  | { type: 'redirect'; url: string };

const denied = () =>
  new HttpError(403, 'media_token_invalid', 'Media token missing, expired or not valid here');

/**
 * Authorises a /media/{e,c,v}/<id>/<token>/<path> request (an event's, a clip's or a VOD item's
 * file): a genuine unexpired token for this subject, whose API key is still active, for a path its
 * scope covers. The storage key is built from the token's channel and subject, so a token can never
 * name another channel's or subject's files.
 */
export function createMediaFilesService(deps: {
  tokens: MediaTokens;
  repo: MediaRepository;
  storage: MediaStorage;
  now: () => Date;
}) {
  const activeKeys = new LRUCache<string, boolean>({ max: 50_000, ttl: KEY_CHECK_CACHE_MS });

  async function keyIsActive(channelId: number, keyId: string) {
    const cacheKey = `${channelId}:${keyId}`;
    const cached = activeKeys.get(cacheKey);
    if (cached !== undefined) return cached;
    const active = await deps.repo.keyIsActive(channelId, keyId, deps.now());
    activeKeys.set(cacheKey, active);
    return active;
  }

  /** Each subject's folder; download scopes mark files served as attachments. */
  const prefixOf: Record<MediaSubject, (channelId: number, id: number) => string> = {
    event: eventPrefix,
    clip: clipPrefix,
    vod: vodItemPrefix,
  };

  /**
   * A genuine, unexpired token of this subject kind naming this id, a plain path its scope
   * covers, and an API key still active: the claims, else a refusal. A path trick is "not
   * found": nothing the pipeline writes looks like that.
   */
  async function authorise(subject: MediaSubject, idParam: string, token: string, rest: string) {
    if (!/^\d{1,10}$/.test(idParam)) throw notFound();
    const id = Number(idParam);
    const claims = deps.tokens.verify(token, deps.now());
    if (!claims || claims.subjectId !== id || SUBJECT_OF_SCOPE[claims.scope] !== subject) {
      throw denied();
    }
    if (!isSafeKey(rest) || contentTypeOf(rest) === undefined) throw notFound();
    if (!allowedPath(claims.scope, rest)) throw denied();
    // A page shell's poster token names no key (see MediaScope `s`): there is none to revoke.
    if (claims.scope !== 's' && !(await keyIsActive(claims.channelId, claims.keyId))) {
      throw denied();
    }
    return claims;
  }

  async function resolveFile(
    subject: MediaSubject,
    idParam: string,
    token: string,
    rest: string,
  ): Promise<MediaTarget> {
    const claims = await authorise(subject, idParam, token, rest);
    return {
      type: 'file',
      // Built from the token's channel and subject: a token can never name another's files.
      key: `${prefixOf[subject](claims.channelId, claims.subjectId)}/${rest}`,
      contentType: contentTypeOf(rest) ?? 'application/octet-stream',
      isPlaylist: rest.endsWith('.m3u8'),
      isDownload: claims.scope === 'd' || claims.scope === 'x',
    };
  }

  return {
    async resolve(eventParam: string, token: string, rest: string): Promise<MediaTarget> {
      if (rest === EXTERNAL_LIVE) {
        const claims = await authorise('event', eventParam, token, rest);
        const media = await deps.repo.media(claims.channelId, claims.subjectId);
        const external = media.find((m) => m.kind === MEDIA_KIND.live && m.url && !m.storage_key);
        if (!external?.url) throw notFound();
        return { type: 'redirect', url: external.url };
      }
      return resolveFile('event', eventParam, token, rest);
    },

    /** /media/c/<clip>/<token>/<file>: the same checks with a clip's token and folder. */
    resolveClip: (clipParam: string, token: string, rest: string) =>
      resolveFile('clip', clipParam, token, rest),

    /** /media/v/<item>/<token>/<path>: a VOD library item's playlists, segments and thumbnails. */
    resolveVodItem: (itemParam: string, token: string, rest: string) =>
      resolveFile('vod', itemParam, token, rest),
  };
}
export type MediaFilesService = ReturnType<typeof createMediaFilesService>;
