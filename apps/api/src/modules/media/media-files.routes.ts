import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isSafeKey, liveWindow, type MediaStorage } from '@rudy/media';
import { ErrorBodySchema } from '@rudy/contracts';
import { notFound } from '../../lib/http-error.js';
import { emptyResponse, typed } from '../../lib/route-types.js';
import { GAME_MEDIA_COOKIE } from './game-media-cookie.js';
import {
  fileCache,
  FIXED_PRIVATE_CACHE,
  FIXED_SHARED_CACHE,
  playlistCache,
  sendText,
} from './media-cache.js';
import { createHotSegments } from './hot-segments.js';
import type { MediaFilesService, MediaTarget } from './media-files.service.js';
import { MEDIA_FILE_TYPES } from './media-paths.js';
import { rawPathIsPlain, sendStored, storedFileResponses } from './stored-files.js';
import { perPlaylistVersion, readPlaylist } from './stored-playlist.js';

const tags = ['media'];
const MediaParamsSchema = z.object({ eventId: z.string(), token: z.string(), '*': z.string() });
const GameMediaParamsSchema = z.object({ eventId: z.string(), '*': z.string() });
const ClipMediaParamsSchema = z.object({ clipId: z.string(), token: z.string(), '*': z.string() });
const VodMediaParamsSchema = z.object({ itemId: z.string(), token: z.string(), '*': z.string() });
const PrerollParamsSchema = z.object({ name: z.string() });
/** A live recording's rendition playlist (the VOD's is the same file once it has ENDLIST). */
const LIVE_RENDITION = /^c\d+\/e\d+\/live\/v\d+\/index\.m3u8$/;
/** The game cookie's value in a Cookie header (one name: its Path keeps other games' apart). */
const GAME_COOKIE = new RegExp(`(?:^|;\\s*)${GAME_MEDIA_COOKIE}=([^;]*)`);
/** A file under a media token: 403 for a bad token, 503 while a live playlist is rewritten. */
const tokenFileResponses = {
  ...storedFileResponses(MEDIA_FILE_TYPES),
  302: emptyResponse(
    "An external live source's address, once the token is checked; with object storage, a file's presigned address",
  ),
  400: ErrorBodySchema,
  403: ErrorBodySchema,
  503: ErrorBodySchema,
} as const;
const DownloadQuerySchema = z.object({
  filename: z
    .string()
    .regex(/^[a-z0-9-]{1,80}\.mp4$/)
    .optional(),
});

/**
 * /media: playlists, segments, images and downloads behind a signed token in the path, and the
 * public pre-roll clips. Keyless (players cannot send API keys); the token is the authorisation.
 * A live game's playlists list only its DVR window (`dvrWindowSeconds`, 0: the whole recording).
 */
export function mediaFilesRoutes(
  app: FastifyInstance,
  files: MediaFilesService,
  storage: MediaStorage,
  o: { dvrWindowSeconds?: number } = {},
) {
  const dvrWindow = o.dvrWindowSeconds ?? 0;
  // Every viewer of a game reads the same playlist each second: its window is cut once per version.
  const windowOf = perPlaylistVersion((text) => liveWindow(text, dvrWindow));
  // A game's segments from local disk: each read once for the crowd (hot-segments.ts).
  const hot = storage.objects ? undefined : createHotSegments();
  const r = typed(app);

  async function sendTarget(
    target: MediaTarget,
    req: FastifyRequest,
    reply: FastifyReply,
    downloadName: string,
  ) {
    if (target.type === 'redirect') {
      return reply.header('cache-control', 'private, no-store').redirect(target.url, 302);
    }
    if (target.type === 'text') {
      return sendText(req, reply, target.text, {
        'content-type': target.contentType,
        'cache-control': target.isShared ? FIXED_SHARED_CACHE : FIXED_PRIVATE_CACHE,
      });
    }
    const headers: Record<string, string> = { 'content-type': target.contentType };
    if (target.isPlaylist) {
      // A live playlist changes every segment: asked for anew each time.
      const text = await readPlaylist(storage, target.key);
      if (text === null) {
        return reply.status(503).header('retry-after', '1').send({
          message: 'Playlist is being updated, retry',
          code: 'media_not_ready',
        });
      }
      const windowed = LIVE_RENDITION.test(target.key) ? windowOf(target.key, text) : text;
      const served = target.decorate ? target.decorate(windowed) : windowed;
      const cache = playlistCache(target.key, served, target.isShared);
      return sendText(req, reply, served, { ...headers, 'cache-control': cache });
    }
    headers['cache-control'] = fileCache(target.key, target.isShared);
    if (target.isDownload)
      headers['content-disposition'] = `attachment; filename="${downloadName}"`;
    const shared = target.isShared && !target.isDownload;
    return sendStored(storage, target.key, req, reply, headers, shared ? hot : undefined);
  }

  r.get(
    '/media/g/:eventId/*',
    {
      config: { keyless: true },
      // The crowd's route (a playlist and a segment per viewer per second): no request log lines
      // (two per request, a tenth of its CPU); failures are still logged (warn, error). The edge's
      // access log is where a game's requests are counted.
      logLevel: 'warn',
      schema: {
        tags,
        description:
          "A file of a game's stream (playlist, segment), at the address every viewer shares, under the game's `rudy_media` cookie from /api/events/{id}/playback. Segments are immutable and public; playlists carry an ETag (304 when unchanged).",
        params: GameMediaParamsSchema,
        response: tokenFileResponses,
      },
    },
    async (req, reply) => {
      if (!rawPathIsPlain(req)) throw notFound();
      const cookie = GAME_COOKIE.exec(req.headers.cookie ?? '')?.[1];
      const target = await files.resolveGame(req.params.eventId, cookie, req.params['*']);
      return sendTarget(target, req, reply, 'event.mp4');
    },
  );

  r.get(
    '/media/e/:eventId/:token/*',
    {
      config: { keyless: true },
      schema: {
        tags,
        description:
          'A file of an event (playlist, segment, image, download) under a media token from /api/events/{id}/playback or /api/download-event/{id}.',
        params: MediaParamsSchema,
        querystring: DownloadQuerySchema,
        response: tokenFileResponses,
      },
    },
    async (req, reply) => {
      if (!rawPathIsPlain(req)) throw notFound();
      const target = await files.resolve(req.params.eventId, req.params.token, req.params['*']);
      return sendTarget(target, req, reply, req.query.filename ?? 'event.mp4');
    },
  );

  r.get(
    '/media/c/:clipId/:token/*',
    {
      config: { keyless: true },
      schema: {
        tags,
        description:
          'A file of a clip (playlist, segment, poster, MP4) under a clip token from the clip calls.',
        params: ClipMediaParamsSchema,
        querystring: DownloadQuerySchema,
        response: tokenFileResponses,
      },
    },
    async (req, reply) => {
      if (!rawPathIsPlain(req)) throw notFound();
      const target = await files.resolveClip(req.params.clipId, req.params.token, req.params['*']);
      return sendTarget(target, req, reply, req.query.filename ?? 'clip.mp4');
    },
  );

  r.get(
    '/media/v/:itemId/:token/*',
    {
      config: { keyless: true },
      schema: {
        tags,
        description:
          'A file of a VOD library item (playlist, segment, thumbnails) under the token from /api/vod-media-items/{id}.',
        params: VodMediaParamsSchema,
        response: tokenFileResponses,
      },
    },
    async (req, reply) => {
      if (!rawPathIsPlain(req)) throw notFound();
      const target = await files.resolveVodItem(
        req.params.itemId,
        req.params.token,
        req.params['*'],
      );
      return sendTarget(target, req, reply, 'video.mp4');
    },
  );

  r.get(
    '/media/prerolls/:name',
    {
      config: { keyless: true },
      schema: {
        tags,
        description: 'A pre-roll clip (public: ads need no token).',
        params: PrerollParamsSchema,
        response: storedFileResponses(['video/mp4']),
      },
    },
    async (req, reply) => {
      const { name } = req.params;
      if (!rawPathIsPlain(req) || !isSafeKey(name) || !name.endsWith('.mp4')) throw notFound();
      return sendStored(storage, `prerolls/${name}`, req, reply, {
        'content-type': 'video/mp4',
        'cache-control': 'public, max-age=3600',
      });
    },
  );
}
