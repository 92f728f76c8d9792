import { MEDIA_KIND } from '@rudy/contracts';
import type { MediaStorage } from '@rudy/media';
import { isSafeKey } from '@rudy/media';
import { HttpError, notFound } from '../../lib/http-error.js';
import { LRUCache } from 'lru-cache';
import {
  subtitlePlaylist,
  withSubtitles,
  type CaptionRendition,
} from '../captions/caption-playlists.js';
import type { CaptionsService } from '../captions/captions.service.js';
import {
  allowedPath,
  clipPrefix,
  contentTypeOf,
  eventPrefix,
  CLIP_MASTER,
  EXTERNAL_LIVE,
  vodItemPrefix,
} from './media-paths.js';
import type { GameMediaCookies } from './game-media-cookie.js';
import {
  SUBJECT_OF_SCOPE,
  type MediaScope,
  type MediaSubject,
  type MediaTokens,
} from './media-token.js';
import type { MediaRepository } from './media.repository.js';

/** A revoked key loses media access within this long (segments are fetched every few seconds). */
const KEY_CHECK_CACHE_MS = 10_000;
/** New or removed captions reach the master playlists within this long. */
const CAPTIONS_CACHE_MS = 10_000;
const SUBTITLE_PLAYLIST = /^captions\/(en|fr)\.m3u8$/;
/**
 * A clip's one variant. BANDWIDTH is required; with a single variant nothing is chosen from it,
 * so it is the ladder's top rate rather than a measurement.
 */
const CLIP_MASTER_PLAYLIST =
  '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=3000000\nindex.m3u8\n';

export type MediaTarget =
  | {
      type: 'file';
      key: string;
      contentType: string;
      isPlaylist: boolean;
      isDownload: boolean;
      /** At the game's shared address: the same bytes for every viewer (a shared cache may keep them). */
      isShared: boolean;
      /** A master playlist: adds the subject's captions to it as subtitle renditions. */
      decorate?: (playlist: string) => string;
    }
  | { type: 'text'; text: string; contentType: string; isShared: boolean }
  | { type: 'redirect'; url: string };

const denied = () =>
  new HttpError(403, 'media_token_invalid', 'Media token missing, expired or not valid here');

/** What an authorised request names: whose folder, and what its token or cookie opens there. */
interface Opened {
  scope: MediaScope;
  channelId: number;
  subjectId: number;
  isShared: boolean;
}

/**
 * Authorises a /media/{e,c,v}/<id>/<token>/<path> request (an event's, a clip's or a VOD item's
 * file): a genuine unexpired token for this subject, whose API key is still active, for a path its
 * scope covers. The storage key is built from the token's channel and subject, so a token can never
 * name another channel's or subject's files.
 */
export function createMediaFilesService(deps: {
  tokens: MediaTokens;
  gameCookies: GameMediaCookies;
  repo: MediaRepository;
  captions: CaptionsService;
  storage: MediaStorage;
  now: () => Date;
}) {
  const activeKeys = new LRUCache<string, boolean>({ max: 50_000, ttl: KEY_CHECK_CACHE_MS });
  // Every viewer starting a replay asks for its master playlist: its captions are read once a while.
  const captionsOf = new LRUCache<string, Promise<CaptionRendition[]>>({
    max: 10_000,
    ttl: CAPTIONS_CACHE_MS,
  });
  function subjectCaptions(channelId: number, subject: MediaSubject, id: number) {
    const key = `${channelId}:${subject}:${id}`;
    const cached = captionsOf.get(key);
    if (cached) return cached;
    const read = deps.captions.list(channelId, subject, id);
    captionsOf.set(key, read);
    read.catch(() => captionsOf.delete(key));
    return read;
  }

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
    return { ...claims, isShared: false };
  }

  /**
   * /media/g/<event>/<path>: a genuine, unexpired game cookie, signed for the event the path
   * names, a path of the game's stream, and an API key still active (cached KEY_CHECK_CACHE_MS: no
   * database or Redis call per segment).
   */
  async function authoriseGame(eventParam: string, cookie: string | undefined, rest: string) {
    if (!/^\d{1,10}$/.test(eventParam)) throw notFound();
    const claims = deps.gameCookies.verify(cookie, Number(eventParam), deps.now());
    if (!claims) throw denied();
    if (!isSafeKey(rest) || contentTypeOf(rest) === undefined) throw notFound();
    if (!allowedPath('p', rest)) throw denied();
    if (!(await keyIsActive(claims.channelId, claims.keyId))) throw denied();
    return {
      scope: 'p',
      channelId: claims.channelId,
      subjectId: claims.eventId,
      isShared: true,
    } satisfies Opened;
  }

  async function resolveFile(
    subject: MediaSubject,
    claims: Opened,
    rest: string,
  ): Promise<MediaTarget> {
    const lang = SUBTITLE_PLAYLIST.exec(rest)?.[1];
    if (lang) {
      const captions = await subjectCaptions(claims.channelId, subject, claims.subjectId);
      const caption = captions.find((c) => c.lang === lang);
      if (!caption) throw notFound();
      return {
        type: 'text',
        text: subtitlePlaylist(caption),
        contentType: contentTypeOf(rest) ?? '',
        isShared: claims.isShared,
      };
    }
    const isMaster = rest.endsWith('master.m3u8');
    const captions = isMaster
      ? await subjectCaptions(claims.channelId, subject, claims.subjectId)
      : [];
    // From the master's folder back to the subject's, where captions/ is.
    const toSubject = '../'.repeat(rest.split('/').length - 1);
    return {
      ...(captions.length > 0
        ? { decorate: (playlist: string) => withSubtitles(playlist, captions, toSubject) }
        : {}),
      type: 'file',
      // Built from the token's channel and subject: a token can never name another's files.
      key: `${prefixOf[subject](claims.channelId, claims.subjectId)}/${rest}`,
      contentType: contentTypeOf(rest) ?? 'application/octet-stream',
      isPlaylist: rest.endsWith('.m3u8'),
      isDownload: claims.scope === 'd' || claims.scope === 'x',
      isShared: claims.isShared,
    };
  }

  async function externalLive(claims: Opened): Promise<MediaTarget> {
    const media = await deps.repo.media(claims.channelId, claims.subjectId);
    const external = media.find((m) => m.kind === MEDIA_KIND.live && m.url && !m.storage_key);
    if (!external?.url) throw notFound();
    return { type: 'redirect', url: external.url };
  }

  return {
    /**
     * /media/e/<event>/<token>/<path>: an event's assets, download and page-shell poster, and its
     * stream for a device the browser hands it to (stream.device_url: no cookies there).
     */
    async resolve(eventParam: string, token: string, rest: string): Promise<MediaTarget> {
      const claims = await authorise('event', eventParam, token, rest);
      return rest === EXTERNAL_LIVE ? externalLive(claims) : resolveFile('event', claims, rest);
    },

    /** /media/g/<event>/<path>: a game's stream (playlists, segments), under its cookie. */
    async resolveGame(
      eventParam: string,
      cookie: string | undefined,
      rest: string,
    ): Promise<MediaTarget> {
      const claims = await authoriseGame(eventParam, cookie, rest);
      return rest === EXTERNAL_LIVE ? externalLive(claims) : resolveFile('event', claims, rest);
    },

    /**
     * /media/c/<clip>/<token>/<file>: the same checks with a clip's token and folder. A clip's
     * master playlist is made here: its single rendition and its captions.
     */
    async resolveClip(clipParam: string, token: string, rest: string): Promise<MediaTarget> {
      const claims = await authorise('clip', clipParam, token, rest);
      if (rest !== CLIP_MASTER) return resolveFile('clip', claims, rest);
      const captions = await subjectCaptions(claims.channelId, 'clip', claims.subjectId);
      return {
        type: 'text',
        text: withSubtitles(CLIP_MASTER_PLAYLIST, captions, ''),
        contentType: contentTypeOf(rest) ?? '',
        isShared: false,
      };
    },

    /** /media/v/<item>/<token>/<path>: a VOD library item's playlists, segments and thumbnails. */
    resolveVodItem: async (itemParam: string, token: string, rest: string) =>
      resolveFile('vod', await authorise('vod', itemParam, token, rest), rest),
  };
}
export type MediaFilesService = ReturnType<typeof createMediaFilesService>;
