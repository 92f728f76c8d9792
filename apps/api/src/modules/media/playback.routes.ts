import type { FastifyInstance } from 'fastify';
import {
  DownloadEventSchema,
  ErrorBodySchema,
  IdParamsSchema,
  KeyedQuerySchema,
  PlaybackSchema,
} from '@rudy/contracts';
import { requireLogin } from '../../lib/require-login.js';
import { keyedErrorsWith404, typed } from '../../lib/route-types.js';
import type { DownloadService } from './download.service.js';
import { callerOf } from '../../lib/caller.js';
import type { GameMediaCookies } from './game-media-cookie.js';
import type { PlaybackService } from './playback.service.js';

export function playbackRoutes(
  app: FastifyInstance,
  playback: PlaybackService,
  downloads: DownloadService,
  cookies: GameMediaCookies,
  o: { production: boolean },
) {
  const r = typed(app);

  r.get(
    '/api/events/:id/playback',
    {
      schema: {
        tags: ['playback'],
        description:
          "What the caller may play for an event: access decision (granted, register, purchase, geo_blocked), the HLS master playlist for live or VOD with DVR info, poster, thumbnails, previews, the chosen pre-roll and whether a download is allowed. The stream's address is the game's, the same for every viewer (/media/g/{id}/...); access to it is the `rudy_media` cookie this answer sets (HttpOnly, Path /media/g/{id}/, bound to the event, the channel and the caller's API key), valid until stream.expires_at: ask again before then to renew it. Asset URLs carry a token of their own.",
        params: IdParamsSchema,
        querystring: KeyedQuerySchema,
        response: { 200: PlaybackSchema, ...keyedErrorsWith404 },
      },
    },
    async (req, reply) => {
      const { playback: answer, cookie } = await playback.playback(callerOf(req), req.params.id);
      // Sent over https (as production always is behind its edge): the cookie is Secure there.
      const secure = o.production || req.protocol === 'https';
      reply.header(
        'set-cookie',
        cookie ? cookies.header(cookie, secure) : cookies.clearHeader(answer.event_id, secure),
      );
      return answer;
    },
  );

  r.get(
    '/api/download-event/:id',
    {
      preValidation: requireLogin,
      schema: {
        tags: ['playback'],
        description:
          'The event as one MP4 (remuxed from its HLS, no re-encode) for users with the download capability. 202 while the file is being prepared: call again after retry_after_ms.',
        params: IdParamsSchema,
        querystring: KeyedQuerySchema,
        response: {
          200: DownloadEventSchema,
          202: DownloadEventSchema,
          ...keyedErrorsWith404,
          403: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (req, reply) => {
      const result = await downloads.request(callerOf(req), req.params.id);
      return reply.status(result.status === 'processing' ? 202 : 200).send(result);
    },
  );
}
